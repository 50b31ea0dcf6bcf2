/*
 * FunctionalTensorWrapper.c - functional tensors; see
 * FunctionalTensorWrapper.h and Note [Functionalization: Alias Removal] in
 * FunctionalStorageImpl.h.
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp
 */
#include "ops/functionalization/FunctionalTensorWrapper.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/EmptyTensor.h"
#include "runtime/Exception.h"

static _Thread_local bool tls_reapply_views;

/* The keys of Python's dispatch (modes, __torch_dispatch__): a functional
 * tensor does not inherit them from its value, and the meta run of a view
 * skips them.  PyTorch 1.13: c10/core/DispatchKeySet.h python_ks */
static DispatchKeySet python_ks(void) {
  return DispatchKeySet_or(DispatchKeySet_of(DispatchKey_Python), DispatchKeySet_of(DispatchKey_PythonTLSSnapshot));
}

bool functionalization_getReapplyViewsTLS(void) { return tls_reapply_views; }
void functionalization_setReapplyViewsTLS(bool reapply_views) { tls_reapply_views = reapply_views; }

/* The header's functional destructor (Tensor_releaseFunctional). */
static void FunctionalTensorWrapper_release(FunctionalTensorWrapper* w) {
  Tensor_release(w->value);
  FunctionalStorageImpl_release(w->storage);
  ViewMetaList_free(&w->view_metas);
  free(w);
}

void FunctionalTensorWrapper_registerHooks(void) { Tensor_releaseFunctional = FunctionalTensorWrapper_release; }

/* The header takes the value's sizes, strides, storage offset and
 * contiguity (a lazy value's answers for the CPU data it was made from).
 * NB(minaten): 1.13 reads them from value_ on every call (custom sizes
 * policy, is_contiguous_custom); here they are copied whenever the value
 * changes. */
static int mirror_value(Tensor* t) {
  const Tensor* v = t->functional->value;
  TRY(Tensor_setSizesAndStrides(t, Tensor_sizes(v), Tensor_strides(v)) == 0);
  t->storage_offset = v->storage_offset;
  t->is_contiguous = v->is_contiguous;
  return 0;
fail:
  return -1;
}

/* A storage-less header for `value` with key set: the value's, less its
 * backend and Python keys, plus Functionalize.
 * PyTorch 1.13: FunctionalTensorWrapper::FunctionalTensorWrapper,
 * set_constructor_metadata */
static Tensor* new_header(Tensor* value, FunctionalStorageImpl* storage) {
  FunctionalTensorWrapper* w = calloc(1, sizeof *w);
  if (w == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  Tensor* t = Tensor_new(NULL, value->storage_offset, Tensor_sizes(value), Tensor_strides(value), value->dtype,
                         value->device, Tensor_backendKey(value));
  if (t == NULL) {
    free(w);
    return NULL;
  }
  DispatchKeySet dropped = DispatchKeySet_or(DispatchKeySet_backends(), python_ks());
  t->key_set = DispatchKeySet_add(DispatchKeySet_remove(value->key_set, dropped), DispatchKey_Functionalize);
  t->is_contiguous = value->is_contiguous;
  w->value = value;
  w->storage = storage;
  t->functional = w;
  return t;
}

Tensor* functionalization_toFunctionalTensor(const Tensor* t) {
  /* Note [Wrapped Numbers <> Functionalization]: a Python number's tensor
   * skips the dispatcher's wrapping, and is never written */
  if (t->is_wrapped_number) return Tensor_retain(t);
  TORCH_INTERNAL_ASSERT(!functionalization_isFunctionalTensor(t));
  FunctionalStorageImpl* storage = FunctionalStorageImpl_new(t);
  if (storage == NULL) return NULL;
  Tensor* w = new_header(Tensor_retain(t), storage);
  if (w == NULL) {
    Tensor_release((Tensor*)t);
    FunctionalStorageImpl_release(storage);
  }
  return w;
}

const Tensor* functionalization_fromFunctionalTensor(const Tensor* t) {
  return functionalization_isFunctionalTensor(t) ? t->functional->value : t;
}

/* The value's view from the current base: each view meta forwards.
 * PyTorch 1.13: FunctionalTensorWrapper::regenerate_from_base */
static int regenerate_from_base(Tensor* t) {
  FunctionalTensorWrapper* w = t->functional;
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* v = Tensor_retain(w->storage->base);
  for (size_t i = 0; i < w->view_metas.size && v != NULL; i++) {
    const ViewMeta* m = w->view_metas.items[i];
    Tensor* next = m->forward_fn(v, m);
    Tensor_release(v);
    v = next;
  }
  DispatchKeyGuard_pop(guard);
  if (v == NULL) return -1;
  int rc = functionalization_replace_(t, v);
  Tensor_release(v);
  w->generation = w->storage->generation;
  return rc;
}

int functionalization_sync(const Tensor* t) {
  /* not every tensor a Functionalize kernel sees is functional: the CPU
   * source of copy_, a Python number's tensor */
  if (!functionalization_isFunctionalTensor(t) || t->is_wrapped_number) return 0;
  FunctionalTensorWrapper* w = t->functional;
  if (w->generation == w->storage->generation) return 0; /* is_up_to_date */
  if (FunctionalStorageImpl_applyUpdates(w->storage) < 0) return -1;
  return regenerate_from_base((Tensor*)t);
}

int functionalization_replace_(Tensor* t, const Tensor* other) {
  FunctionalTensorWrapper* w = t->functional;
  TORCH_INTERNAL_ASSERT(!functionalization_isFunctionalTensor(other));
  Tensor* value = Tensor_retain(other);
  if (value->dtype != t->dtype) {
    /* an out= operator writes its out's dtype: `torch.add(a, 1, out=o)`
     * with a Long o holds a Long value (_to_copy, below Functionalize) */
    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
    Tensor* cast = at__to_copy(value, (OptionalScalarType){true, t->dtype}, (OptionalLayout){true, Layout_Strided},
                               kNoDevice, kNoPinMemory, false, kNoMemoryFormat);
    DispatchKeyGuard_pop(guard);
    Tensor_release(value);
    if ((value = cast) == NULL) return -1;
  }
  Tensor* old = w->value;
  w->value = value;
  Tensor_release(old);
  return mirror_value(t);
}

int functionalization_commitUpdate(Tensor* t) {
  FunctionalTensorWrapper* w = t->functional;
  if (FunctionalStorageImpl_addUpdate(w->storage, w->value, &w->view_metas) < 0) return -1;
  /* the operator's inputs were synced before it ran, so t was up to date */
  w->generation = w->storage->generation;
  return 0;
}

Tensor* functionalization_createFunctionalTensorWithViewMeta(Tensor* view_to_wrap, const Tensor* base, ViewMeta* meta,
                                                             int64_t out_idx) {
  TORCH_INTERNAL_ASSERT(!functionalization_isFunctionalTensor(view_to_wrap));
  TORCH_INTERNAL_ASSERT(functionalization_isFunctionalTensor(base));
  FunctionalTensorWrapper* b = base->functional;
  if (out_idx != 0) {
    /* Note [out_idx in ViewMeta]: each output of split or unbind has a
     * ViewMeta of its own, naming its index for the reverse function */
    ViewMeta* m = ViewMeta_toOutIndex(meta, out_idx);
    ViewMeta_release(meta);
    meta = m;
    if (meta == NULL) {
      Tensor_release(view_to_wrap);
      return NULL;
    }
  }
  Tensor* t = new_header(view_to_wrap, FunctionalStorageImpl_retain(b->storage));
  if (t == NULL) {
    Tensor_release(view_to_wrap);
    FunctionalStorageImpl_release(b->storage);
  } else if (ViewMetaList_copy(&b->view_metas, meta, &t->functional->view_metas) < 0) {
    Tensor_release(t);
    t = NULL;
  }
  ViewMeta_release(meta);
  return t;
}

int functionalization_mutateViewMeta(Tensor* t, ViewMeta* meta) {
  TORCH_INTERNAL_ASSERT(functionalization_isFunctionalTensor(t));
  FunctionalTensorWrapper* w = t->functional;
  ViewMetaList longer;
  int rc = ViewMetaList_copy(&w->view_metas, meta, &longer);
  ViewMeta_release(meta);
  if (rc < 0) return -1;
  ViewMetaList_free(&w->view_metas);
  w->view_metas = longer;
  /* Note [Functionalization Pass - Inplace View Ops]: t_() and friends
   * are a view and a write at once: t keeps its storage, one more view
   * meta records how it is now made from the base, and its value becomes
   * the view of the value it had (the storage gets no update) */
  const ViewMeta* m = w->view_metas.items[w->view_metas.size - 1];
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* v = m->forward_fn(w->value, m);
  DispatchKeyGuard_pop(guard);
  if (v == NULL) return -1;
  Tensor_release(w->value);
  w->value = v;
  int64_t offset = t->storage_offset;
  rc = mirror_value(t);
  t->storage_offset = offset; /* set by the kernel (functionalization_setViewOffset) */
  return rc;
}

int64_t functionalization_storageNbytes(const Tensor* t) {
  const Tensor* base = t->functional->storage->base;
  if (base->numel == 0) return 0;
  size_t itemsize = ScalarType_elementSize(base->dtype);
  return computeStorageNbytes(Tensor_sizes(base), Tensor_strides(base), itemsize) +
         base->storage_offset * (int64_t)itemsize;
}

int functionalization_maybeReplaceStorage(Tensor* t, const Tensor* other) {
  FunctionalTensorWrapper* w = t->functional;
  TORCH_CHECK(w->view_metas.size == 0,
              "Attempted to resize a view tensor to a larger size. This is not allowed in the functionalization pass");
  FunctionalStorageImpl* storage = FunctionalStorageImpl_new(other);
  if (storage == NULL) return -1;
  Tensor* old = w->value;
  w->value = Tensor_retain(other);
  Tensor_release(old);
  FunctionalStorageImpl_release(w->storage);
  w->storage = storage;
  w->generation = 0;
  return mirror_value(t);
fail:
  return -1;
}

Tensor* functionalization_shallowCopy(const Tensor* t) {
  const FunctionalTensorWrapper* w = t->functional;
  Tensor* copy = new_header(Tensor_retain(w->value), FunctionalStorageImpl_retain(w->storage));
  if (copy == NULL) {
    Tensor_release(w->value);
    FunctionalStorageImpl_release(w->storage);
    return NULL;
  }
  /* 1.13's copy_tensor_metadata copies the value and the level, not the
   * view metas nor the generation: the copy is a stale "base" of the
   * storage, so its next read replays no view and gives the whole base
   * (`a.t().detach()` reads as `a`) */
  copy->storage_offset = t->storage_offset;
  return copy;
}

int functionalization_unwrapTensorList(TensorList l, TensorList* out, Tensor*** owned) {
  *owned = NULL;
  *out = l;
  if (l.size == 0) return 0;
  Tensor** values = malloc(l.size * sizeof *values);
  if (values == NULL) {
    Error_setBadAlloc();
    return -1;
  }
  for (size_t i = 0; i < l.size; i++) {
    if (functionalization_sync(l.data[i]) < 0) {
      free(values);
      return -1;
    }
    values[i] = (Tensor*)functionalization_fromFunctionalTensor(l.data[i]);
  }
  *owned = values;
  *out = (TensorList){values, l.size};
  return 0;
}

bool functionalization_isFunctionalTensorList(TensorList l) {
  for (size_t i = 0; i < l.size; i++)
    if (functionalization_isFunctionalTensor(l.data[i])) return true;
  return false;
}

TensorList functionalization_createFunctionalTensorsWithViewMeta(TensorList views, const Tensor* base, ViewMeta* meta) {
  Tensor** outs = calloc(views.size ? views.size : 1, sizeof *outs);
  bool ok = outs != NULL;
  if (!ok) Error_setBadAlloc();
  /* each view handed to a wrapper is taken, even when making it fails */
  size_t taken = 0;
  for (; ok && taken < views.size; taken++) {
    outs[taken] = functionalization_createFunctionalTensorWithViewMeta(views.data[taken], base, ViewMeta_retain(meta),
                                                                       (int64_t)taken);
    ok = outs[taken] != NULL;
  }
  for (size_t i = taken; i < views.size; i++) Tensor_release(views.data[i]);
  free((void*)views.data);
  ViewMeta_release(meta);
  if (ok) return (TensorList){outs, views.size};
  TensorList_releaseAll((TensorList){outs, taken});
  return (TensorList){NULL, 0};
}

Tensor* functionalization_takeListItem(TensorList views, int64_t index) {
  if (views.data == NULL && Error_occurred()) return NULL;
  TORCH_INTERNAL_ASSERT(index >= 0 && (size_t)index < views.size);
  Tensor* item = Tensor_retain(views.data[index]);
  TensorList_releaseAll(views);
  return item;
}

/* The view operator on a meta tensor of self's geometry: its output(s) in
 * *ret (owned).  Below Functionalize and the Python key. */
static int run_on_meta(const Tensor* self, const OperatorEntry* view_op, IValue* args, IValue* ret) {
  Tensor* meta = empty_strided_meta(Tensor_sizes(self), Tensor_strides(self), self->dtype);
  if (meta == NULL) return -1;
  IValue self_arg = args[0];
  args[0] = IValue_borrowTensor(meta);
  *ret = IValue_none();
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_add(python_ks(), DispatchKey_Functionalize));
  int rc = Dispatcher_callBoxed(view_op, args, ret);
  DispatchKeyGuard_pop(guard);
  args[0] = self_arg;
  Tensor_release(meta);
  return rc;
}

int functionalization_setViewOffsets(TensorList outs, const Tensor* self, const OperatorEntry* view_op, IValue* args) {
  IValue ret;
  if (run_on_meta(self, view_op, args, &ret) < 0) return -1;
  TensorList refs = IValue_toTensorList(&ret);
  for (size_t i = 0; i < outs.size && i < refs.size; i++) outs.data[i]->storage_offset = refs.data[i]->storage_offset;
  IValue_release(&ret);
  return 0;
}

int functionalization_viewOffset(const Tensor* self, const OperatorEntry* view_op, IValue* args, int64_t* offset) {
  IValue ret;
  if (run_on_meta(self, view_op, args, &ret) < 0) return -1;
  *offset = ret.u.tensor->storage_offset;
  IValue_release(&ret);
  return 0;
}

int functionalization_setViewOffset(Tensor* out, const Tensor* self, const OperatorEntry* view_op, IValue* args) {
  return functionalization_viewOffset(self, view_op, args, &out->storage_offset);
}

/* A meta tensor with t's sizes, strides and dtype (NULL stays NULL).
 * PyTorch 1.13: RegisterFunctionalization_*.cpp to_meta */
static Tensor* to_meta(const Tensor* t) {
  return t == NULL ? NULL : empty_strided_meta(Tensor_sizes(t), Tensor_strides(t), t->dtype);
}

enum { kMaxMetaArgs = 32 };

/* args with each tensor (and tensor of a list) made meta, into margs; the
 * meta tensors are owned by the caller's `owned` lists.  0, or -1. */
static int meta_arguments(size_t n, const IValue* args, IValue* margs, Tensor** owned, Tensor*** lists) {
  for (size_t i = 0; i < n; i++) {
    margs[i] = args[i];
    margs[i].owned = false;
    if (args[i].tag == IValueTag_Tensor) {
      if ((owned[i] = to_meta(args[i].u.tensor)) == NULL) return -1;
      margs[i] = IValue_borrowTensor(owned[i]);
    } else if (args[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&args[i]);
      if ((lists[i] = calloc(l.size ? l.size : 1, sizeof *lists[i])) == NULL) return Error_setBadAlloc(), -1;
      for (size_t k = 0; k < l.size; k++)
        if (l.data[k] != NULL && (lists[i][k] = to_meta(l.data[k])) == NULL) return -1;
      margs[i] = IValue_borrowTensorList((TensorList){lists[i], l.size});
    }
  }
  return 0;
}

int functionalization_runInplaceMeta(const OperatorEntry* op, const IValue* args) {
  const FunctionSchema* s = &op->schema;
  size_t meta = DispatchKeySet_highestPriorityTypeId(DispatchKeySet_of(DispatchKey_Meta));
  if (s->num_arguments > kMaxMetaArgs || op->tableSource[meta] != DispatchTableSource_Kernel) return 0;
  IValue margs[kMaxMetaArgs], rets[8];
  Tensor* owned[kMaxMetaArgs] = {NULL};
  Tensor** lists[kMaxMetaArgs] = {NULL};
  int rc = meta_arguments(s->num_arguments, args, margs, owned, lists);
  if (rc == 0) {
    for (size_t i = 0; i < 8; i++) rets[i] = IValue_none();
    DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_add(python_ks(), DispatchKey_Functionalize));
    rc = Dispatcher_callBoxed(op, margs, rets);
    DispatchKeyGuard_pop(guard);
    for (size_t i = 0; i < s->num_returns && rc == 0; i++) IValue_release(&rets[i]);
  }
  for (size_t i = 0; i < s->num_arguments; i++) {
    Tensor_release(owned[i]);
    if (lists[i] == NULL) continue;
    TensorList l = IValue_toTensorList(&args[i]);
    for (size_t k = 0; k < l.size; k++) Tensor_release(lists[i][k]);
    free(lists[i]);
  }
  return rc < 0 ? -1 : 1;
}

const char kMutatingNonFunctional[] =
    "mutating a non-functional tensor with a functional tensor is not allowed. Please ensure that all of your "
    "inputs are wrapped inside of a functionalize() call.";

int functionalization_checkInplaceShape(const Tensor* self, const Tensor* result) {
  IntArrayRef a = Tensor_sizes(self), b = Tensor_sizes(result);
  if (a.size == b.size && (a.size == 0 || memcmp(a.data, b.data, a.size * sizeof *a.data) == 0)) return 0;
  char want[256], got[256];
  Error_set(ErrorType_RuntimeError, "output with shape %s doesn't match the broadcast shape %s",
            IntArrayRef_format(a, want, sizeof want), IntArrayRef_format(b, got, sizeof got));
  return -1;
}
