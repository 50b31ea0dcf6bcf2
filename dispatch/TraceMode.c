/*
 * TraceMode.c - the trace mode's key and fallback; see TraceMode.h.
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "dispatch/TraceMode.h"

#include <string.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "runtime/LocalDispatchKeySet.h"

static FILE* trace_output = NULL;
static _Thread_local bool trace_enabled = false;

/* The Python key stays included while a TorchDispatchMode is entered
 * (Note [The Python key] in PythonFallbackKernel.h). */
void TraceMode_setEnabled(bool enabled) {
  trace_enabled = enabled;
  TorchDispatchModeTLS_updateIncludedKeys();
}

bool TraceMode_isEnabled(void) { return trace_enabled; }

void TraceMode_setOutput(FILE* out) { trace_output = out; }

bool TraceMode_isActive(void) {
  LocalDispatchKeySet tls = tls_local_dispatch_key_set_get();
  return DispatchKeySet_has(tls.included, DispatchKey_Python) &&
         !DispatchKeySet_has(tls.excluded, DispatchKey_Python);
}

void TraceMode_printOp(const char* qualified_name) {
  fprintf(trace_output ? trace_output : stdout, "op %s\n", qualified_name);
}

/*
 * The name the mode sees.  A lazy tensor reaches the mode through 1.13's
 * functionalization layer, which sits above it and turns a view operator into
 * its copying variant (aten::select_copy.int) and an in-place operator into
 * its functional one (aten::add.Tensor for add_.Tensor, aten::zero for
 * zero_).  NB(minaten): 1.13 also shows the select_copy/select_scatter pair a
 * write through a view makes; minaten's lazy backend does that write inside
 * one node (ops/lazy/LazyIr.h ViewScatter) and shows the operator only.
 * PyTorch 1.13: aten/src/ATen/FunctionalizeFallbackKernel.cpp, the generated
 * RegisterFunctionalization_*.cpp
 */
/* The functional operator of an in-place one: same namespace, the name
 * without its `_`, the same arguments (names and types) but none written,
 * whatever its overload name (pow_.Scalar: pow.Tensor_Scalar; transpose_:
 * transpose.int), as 1.13's functionalization pairs them by signature; or
 * NULL.  PyTorch 1.13: torchgen/native_function_generation.py
 * (the functional variant of a mutable operator, by FunctionSchema.signature) */
static const OperatorEntry* functional_of(const FunctionSchema* s) {
  size_t len = strlen(s->name);
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* f = Dispatcher_operator(i);
    const FunctionSchema* fs = &f->schema;
    if (fs->is_mutable || strcmp(fs->ns, s->ns) != 0 || strlen(fs->name) != len - 1 ||
        strncmp(fs->name, s->name, len - 1) != 0 || fs->num_arguments != s->num_arguments)
      continue;
    bool same = true;
    for (size_t a = 0; a < s->num_arguments && same; a++) {
      const SchemaType* x = &s->arguments[a].type;
      const SchemaType* y = &fs->arguments[a].type;
      same = strcmp(s->arguments[a].name, fs->arguments[a].name) == 0 && x->base == y->base &&
             x->is_list == y->is_list && x->is_optional == y->is_optional && x->elem_optional == y->elem_optional;
    }
    if (same) return f;
  }
  return NULL;
}

static const char* name_seen(const OperatorEntry* op, const IValue* args, char* buf, size_t size) {
  const FunctionSchema* s = &op->schema;
  if (s->num_arguments == 0 || args[0].tag != IValueTag_Tensor || args[0].u.tensor->lazy == NULL ||
      s->num_returns == 0 || !s->arguments[0].alias_info.present || !s->returns[0].alias_info.present)
    return op->qualified_name;
  /* lift_fresh(Tensor(a) self) -> Tensor(a) is no view to functionalization:
   * it has a kernel of its own there (torch.tensor(..., device='lazy') shows
   * `op aten::lift_fresh`).  PyTorch 1.13: FunctionalizeFallbackKernel.cpp
   * lift_fresh_functionalize */
  if (strcmp(op->qualified_name, "aten::lift_fresh") == 0) return op->qualified_name;
  size_t len = strlen(s->name);
  const char* overload = s->overload_name[0] ? "." : "";
  if (!s->returns[0].alias_info.is_write) {
    snprintf(buf, size, "%s::%s_copy%s%s", s->ns, s->name, overload, s->overload_name);
    return buf;
  }
  if (len > 1 && s->name[len - 1] == '_') {
    /* an in-place view (t_) shows as its view's copying variant (t_copy) */
    const OperatorEntry* f = functional_of(s);
    if (f != NULL) {
      const FunctionSchema* fs = &f->schema;
      bool view = fs->num_returns > 0 && fs->returns[0].alias_info.present;
      snprintf(buf, size, "%s::%s%s%s%s", fs->ns, fs->name, view ? "_copy" : "", fs->overload_name[0] ? "." : "",
               fs->overload_name);
      return buf;
    }
    snprintf(buf, size, "%s::%.*s%s%s", s->ns, (int)(len - 1), s->name, overload, s->overload_name);
    return buf;
  }
  return op->qualified_name;
}

/*
 * Prints `op aten::transpose.int` (the default overload without a suffix, as
 * the reference run prints str(func)), then runs the operator below the
 * Python key with the key excluded, so that what the kernel calls in turn is
 * not traced: PyTorch's mode is likewise popped while __torch_dispatch__ runs.
 * PyTorch 1.13: PythonFallbackKernel.cpp pythonFallback
 */
void TraceMode_printCall(const OperatorEntry* op, const IValue* args) {
  char name[160];
  TraceMode_printOp(name_seen(op, args, name, sizeof name));
}

int TraceMode_pythonFallback(const KernelFunction* kernel, const OperatorEntry* op,
                             DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  TraceMode_printCall(op, args);
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)),
                                     args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}
