/*
 * grad_mode.c - torch.no_grad(), torch.enable_grad(), torch.set_grad_enabled(b)
 * and torch.is_grad_enabled(): the Python side of runtime/GradMode.h.
 *
 * The three are classes in 1.13 whose objects are context managers; here
 * they are objects (Value_Object) with __enter__ and __exit__ slots that
 * `with` calls (interpreter/exec.c).  __enter__ saves the mode and sets it,
 * __exit__ restores the saved one, also when the block failed.
 * set_grad_enabled(b) differs: it sets the mode when it is made (so it also
 * works as a plain call, `torch.set_grad_enabled(False)`), and its __exit__
 * restores the mode it found then.  `as` binds None, as 1.13's __enter__
 * returns nothing.
 *
 * PyTorch 1.13: torch/autograd/grad_mode.py (no_grad, enable_grad,
 * set_grad_enabled), torch/csrc/autograd/init.cpp (is_grad_enabled,
 * set_grad_enabled: "enabled must be a bool (got int)")
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "runtime/GradMode.h"
#include "tools/minaten/bindings/bindings.h"

typedef enum GradModeKind { GradMode_NoGrad, GradMode_EnableGrad, GradMode_SetGradEnabled } GradModeKind;

/* A context manager's state: the mode to restore on __exit__. */
typedef struct GradModeObject {
  GradModeKind kind;
  bool prev;
} GradModeObject;

static void GradModeObject_dealloc(void* payload) { free(payload); }

static int GradModeObject_repr(const Value* self, FILE* out) {
  fprintf(out, "<torch.autograd.grad_mode.%s object>", self->u.object.type->type.name);
  return 0;
}

/* no_grad.__enter__ / enable_grad.__enter__ / set_grad_enabled.__enter__ */
static Value* GradModeObject_enter(Value* self) {
  GradModeObject* g = self->u.object.payload;
  if (g->kind != GradMode_SetGradEnabled) {
    g->prev = GradMode_is_enabled();
    GradMode_set_enabled(g->kind == GradMode_EnableGrad);
  }
  return Value_none();
}

/* __exit__: torch.set_grad_enabled(self.prev) */
static void GradModeObject_exit(Value* self) {
  const GradModeObject* g = self->u.object.payload;
  GradMode_set_enabled(g->prev);
}

#define GRAD_MODE_TYPE(cname, pyname)                                                                 \
  static const ObjectType cname = {{pyname, "torch.autograd.grad_mode", NULL, NULL}, GradModeObject_dealloc, \
                                   NULL, GradModeObject_repr, GradModeObject_enter, GradModeObject_exit}
GRAD_MODE_TYPE(kNoGradType, "no_grad");
GRAD_MODE_TYPE(kEnableGradType, "enable_grad");
GRAD_MODE_TYPE(kSetGradEnabledType, "set_grad_enabled");

static Value* new_grad_mode_object(GradModeKind kind) {
  GradModeObject* g = calloc(1, sizeof *g);
  TORCH_INTERNAL_ASSERT(g != NULL);
  g->kind = kind;
  g->prev = GradMode_is_enabled();
  const ObjectType* type = kind == GradMode_NoGrad ? &kNoGradType
                           : kind == GradMode_EnableGrad ? &kEnableGradType
                                                         : &kSetGradEnabledType;
  return Value_object(type, g);
}

/* no_grad() / enable_grad(): `__init__(self)` takes no arguments. */
static Value* make_no_arguments(const char* name, GradModeKind kind, int nargs, int nkw) {
  if (nkw > 0) {
    Error_set(ErrorType_TypeError, "%s.__init__() got an unexpected keyword argument", name);
    return NULL;
  }
  if (nargs > 0) {
    Error_set(ErrorType_TypeError, "%s.__init__() takes 1 positional argument but %d were given", name, nargs + 1);
    return NULL;
  }
  return new_grad_mode_object(kind);
}

/* PyTorch 1.13: torch/autograd/grad_mode.py no_grad */
static Value* builtin_no_grad(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)args, (void)kwnames, (void)kwargs;
  return make_no_arguments("no_grad", GradMode_NoGrad, nargs, nkw);
}

/* PyTorch 1.13: torch/autograd/grad_mode.py enable_grad */
static Value* builtin_enable_grad(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)args, (void)kwnames, (void)kwargs;
  return make_no_arguments("enable_grad", GradMode_EnableGrad, nargs, nkw);
}

/* set_grad_enabled(mode): sets the mode now, restores it on __exit__.
 * PyTorch 1.13: torch/autograd/grad_mode.py set_grad_enabled.__init__,
 * torch/csrc/autograd/init.cpp set_grad_enabled */
static Value* builtin_set_grad_enabled(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                                       int nkw) {
  (void)self;
  static const char* const sigs[] = {"set_grad_enabled(Any mode) -> Tensor"};
  ParsedArgs p;
  if (PythonArgParser_parse("set_grad_enabled", sigs, 1, NULL, args, nargs, kwnames, kwargs, nkw, &p) < 0)
    return NULL;
  const Value* mode = p.slots[0];
  Value* r = NULL;
  if (mode->kind != Value_Bool) {
    Error_set(ErrorType_TypeError, "enabled must be a bool (got %s)", Value_typeName(mode));
  } else {
    r = new_grad_mode_object(GradMode_SetGradEnabled);
    GradMode_set_enabled(mode->u.b);
  }
  ParsedArgs_release(&p);
  return r;
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp is_grad_enabled */
static Value* builtin_is_grad_enabled(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)args, (void)kwnames, (void)kwargs;
  if (nargs + nkw > 0) {
    Error_set(ErrorType_TypeError, "torch.is_grad_enabled() takes no arguments (%d given)", nargs + nkw);
    return NULL;
  }
  return Value_bool(GradMode_is_enabled());
}

Value* grad_mode_attribute(const char* name) {
  static const struct {
    const char* name;
    BuiltinFn fn;
  } table[] = {{"no_grad", builtin_no_grad},
               {"enable_grad", builtin_enable_grad},
               {"set_grad_enabled", builtin_set_grad_enabled},
               {"is_grad_enabled", builtin_is_grad_enabled}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(name, table[i].name) == 0) return Value_builtin(table[i].name, table[i].fn);
  return NULL;
}
