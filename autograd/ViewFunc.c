/*
 * ViewFunc.c - a view's replay (see ViewFunc.h).
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp ViewInfo::chain
 */
#include "autograd/ViewFunc.h"

#include <stdlib.h>

#include "Functions.h"
#include "autograd/FunctionsManual.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"

typedef enum ViewStepKind {
  ViewStep_Op,        /* op(previous, args[1:]) */
  ViewStep_AsStrided, /* previous.as_strided(geometry) */
  ViewStep_MultiOutputError,
} ViewStepKind;

struct ViewFunc {
  int64_t refcount;
  ViewFunc* prev; /* held; NULL: the step applies to the root base */
  ViewStepKind kind;
  const OperatorEntry* op;
  IValue* args; /* owned; args[0] is None */
  size_t num_args;
  TensorGeometry geometry;
};

static ViewFunc* ViewFunc_alloc(ViewStepKind kind) {
  ViewFunc* f = calloc(1, sizeof *f);
  if (f == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  f->refcount = 1;
  f->kind = kind;
  return f;
}

ViewFunc* ViewFunc_new(const OperatorEntry* op, const IValue* args, size_t num_args) {
  ViewFunc* f = ViewFunc_alloc(ViewStep_Op);
  if (f == NULL) return NULL;
  f->op = op;
  f->args = calloc(num_args, sizeof *f->args);
  if (f->args == NULL) {
    free(f);
    Error_setBadAlloc();
    return NULL;
  }
  f->num_args = num_args;
  f->args[0] = IValue_none();
  for (size_t i = 1; i < num_args; i++) f->args[i] = IValue_clone(&args[i]);
  return f;
}

/* previous.as_strided(t's sizes, strides, storage offset), after `prev`. */
static ViewFunc* ViewFunc_asStrided(const ViewFunc* prev, const Tensor* t) {
  ViewFunc* f = ViewFunc_alloc(ViewStep_AsStrided);
  if (f == NULL) return NULL;
  if (TensorGeometry_init(&f->geometry, t) < 0) {
    free(f);
    return NULL;
  }
  f->prev = ViewFunc_retain(prev);
  return f;
}

ViewFunc* ViewFunc_chain(const ViewFunc* base_view_fn, ViewFunc* view_func, const Tensor* base, const Tensor* view,
                         bool* ok) {
  *ok = true;
  if (view_func == NULL) {
    if (base_view_fn == NULL) return NULL;
    /* the view has no replay of its own (one of several views): the
     * parent's, then the view's geometry */
    ViewFunc* f = ViewFunc_asStrided(base_view_fn, view);
    *ok = f != NULL;
    return f;
  }
  TORCH_INTERNAL_ASSERT(view_func->prev == NULL);
  if (base_view_fn != NULL) {
    view_func->prev = ViewFunc_retain(base_view_fn);
    return view_func;
  }
  if (Tensor_supportAsStrided(base)) {
    /* a view without a replay, but its geometry says where it is */
    view_func->prev = ViewFunc_asStrided(NULL, base);
    if (view_func->prev == NULL) {
      ViewFunc_release(view_func);
      *ok = false;
      return NULL;
    }
    return view_func;
  }
  /* base is one of several views (split, unbind) of a tensor that does not
   * stride: it has no replay, so neither can its views.  The error is
   * raised by the first replay, which is the forward's: the grad_fn of the
   * view written in place is made again (Note [View + Inplace update for
   * view tensor], autograd/variable.c grad_fn) */
  ViewFunc_release(view_func);
  ViewFunc* f = ViewFunc_alloc(ViewStep_MultiOutputError);
  *ok = f != NULL;
  return f;
}

/* One step on `input`. */
static Tensor* ViewFunc_step(const ViewFunc* f, const Tensor* input) {
  switch (f->kind) {
    case ViewStep_AsStrided: {
      const TensorGeometry* g = &f->geometry;
      return at_as_strided(input, IntArrayRef_make(g->sizes, (size_t)g->dim),
                           IntArrayRef_make(g->strides, (size_t)g->dim), (OptionalInt){true, g->storage_offset});
    }
    case ViewStep_MultiOutputError:
      /* 1.13's words, without the spaces between its string pieces */
      TORCH_CHECK(false,
                  "This view is the output of a function that returns multiple views."
                  "Such functions do not allow the output views to be modified inplace."
                  "You should replace the inplace operation by an out-of-place one");
    case ViewStep_Op: {
      enum { kMaxArgs = 16, kMaxReturns = 4 };
      IValue args[kMaxArgs];
      IValue rets[kMaxReturns];
      TORCH_INTERNAL_ASSERT(f->num_args <= kMaxArgs && f->op->schema.num_returns == 1);
      for (size_t i = 0; i < f->num_args; i++) {
        args[i] = f->args[i];
        args[i].owned = false; /* borrowed for the call */
      }
      args[0] = IValue_borrowTensor(input);
      rets[0] = IValue_none();
      if (Dispatcher_callBoxed(f->op, args, rets) < 0) return NULL;
      TORCH_INTERNAL_ASSERT(rets[0].tag == IValueTag_Tensor);
      Tensor* r = rets[0].owned ? rets[0].u.tensor : Tensor_retain(rets[0].u.tensor);
      return r;
    }
  }
fail:
  return NULL;
}

Tensor* ViewFunc_apply(const ViewFunc* f, const Tensor* root_base) {
  Tensor* input = f->prev != NULL ? ViewFunc_apply(f->prev, root_base) : Tensor_retain(root_base);
  if (input == NULL) return NULL;
  Tensor* r = ViewFunc_step(f, input);
  Tensor_release(input);
  return r;
}

ViewFunc* ViewFunc_retain(const ViewFunc* f) {
  ViewFunc* m = (ViewFunc*)f;
  if (m != NULL) m->refcount++;
  return m;
}

void ViewFunc_release(ViewFunc* f) {
  while (f != NULL && --f->refcount == 0) {
    ViewFunc* prev = f->prev;
    for (size_t i = 0; i < f->num_args; i++) IValue_release(&f->args[i]);
    free(f->args);
    if (f->kind == ViewStep_AsStrided) TensorGeometry_free(&f->geometry);
    free(f);
    f = prev; /* the link this step held */
  }
}
