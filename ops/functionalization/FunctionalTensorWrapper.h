/*
 * FunctionalTensorWrapper.h - a functional tensor: a tensor header (key
 * Functionalize, no storage) that wraps an ordinary tensor, its value.
 *
 * Functionalization removes views and writes from a program, for backends
 * that cannot alias memory (1.13's lazy tensors, XLA, the graphs of
 * torch.fx tracing): the Functionalize kernels (RegisterFunctionalization.c,
 * generated, and FunctionalizeFallback.c) run below autograd and see
 * functional tensors, and call the operators below them on the values:
 *
 *   a view  `v = f[1]`     select_copy(value, 0, 1): v gets a value of its
 *                          own, and f's storage and view metas (ViewMeta.h)
 *   a write `v.mul_(2)`    mul(value, 2); v's value becomes the result, and
 *                          the write is queued on the shared storage
 *                          (FunctionalStorageImpl.h)
 *   reading a stale tensor f + 1: the queued writes applied to the base
 *                          (select_scatter), f's value regenerated from it
 *   anything else          the same operator on the values, outputs wrapped
 *
 * The header mirrors its value's sizes, strides and storage offset (1.13's
 * custom sizes policy reads them from the value); its key set is the
 * value's without the backend key, plus Functionalize:
 * `DispatchKeySet(Functionalize, ADInplaceOrView, AutogradCPU)`, so that
 * autograd records the program as written and no backend kernel ever sees
 * a header without data.
 *
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.h,
 * FunctionalTensorWrapper.cpp
 */
#ifndef MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALTENSORWRAPPER_H
#define MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALTENSORWRAPPER_H

#include <stdbool.h>
#include <stdint.h>

#include "dispatch/OperatorEntry.h"
#include "ops/functionalization/FunctionalStorageImpl.h"
#include "runtime/LocalDispatchKeySet.h"

struct FunctionalTensorWrapper {
  Tensor* value;                  /* owned reference; never functional */
  FunctionalStorageImpl* storage; /* owned reference, shared with the base and its views */
  ViewMetaList view_metas;        /* how this tensor is made from the base; empty for a base */
  uint64_t generation;            /* the storage generation `value` reflects */
};
typedef struct FunctionalTensorWrapper FunctionalTensorWrapper;

/* PyTorch 1.13: at::functionalization::impl::isFunctionalTensor */
static inline bool functionalization_isFunctionalTensor(const Tensor* t) {
  return t != NULL && t->functional != NULL;
}

/* A new functional tensor wrapping `t` (a base: a storage of its own); a
 * Python number's tensor is returned as it is (one more reference).  NULL
 * with the error set on failure.
 * PyTorch 1.13: at::functionalization::impl::to_functional_tensor */
Tensor* functionalization_toFunctionalTensor(const Tensor* t);
/* The value of a functional tensor (borrowed: valid until the tensor is
 * synced or written), or `t` itself for any other tensor (a Python
 * number's, the CPU source of a copy).
 * PyTorch 1.13: at::functionalization::impl::from_functional_tensor */
const Tensor* functionalization_fromFunctionalTensor(const Tensor* t);

/* The Tensor[] forms.  functionalization_unwrapTensorList syncs each
 * element and gives the list of their values in *out, an array *owned the
 * caller frees (NULL for an empty list); 0, or -1 with the error set.
 * functionalization_isFunctionalTensorList: whether any element is
 * functional.
 * PyTorch 1.13: at::functionalization::impl::sync(ITensorList),
 * from_functional_tensor(ITensorList), isFunctionalTensor(ITensorList) */
int functionalization_unwrapTensorList(TensorList l, TensorList* out, Tensor*** owned);
bool functionalization_isFunctionalTensorList(TensorList l);

/* Brings a stale functional tensor up to date (see
 * FunctionalStorageImpl.h); nothing for other tensors.  0, or -1 with the
 * error set.  PyTorch 1.13: at::functionalization::impl::sync,
 * FunctionalTensorWrapper::sync_ */
int functionalization_sync(const Tensor* t);
/* The tensor's value becomes `other` (retained): an in-place operator's
 * functional result.  PyTorch 1.13: FunctionalTensorWrapper::replace_ */
int functionalization_replace_(Tensor* t, const Tensor* other);
/* Queues the tensor's value as a write on its storage.  0, or -1 with the
 * error set.  PyTorch 1.13: FunctionalTensorWrapper::commit_update */
int functionalization_commitUpdate(Tensor* t);

/* A functional tensor over `view_to_wrap` (its reference taken) that is a
 * view of the functional tensor `base`: base's storage, base's view metas
 * plus `meta` (its reference taken; for out_idx > 0 a copy for that
 * output), generation 0.  NULL with the error set.
 * PyTorch 1.13: at::functionalization::impl::create_functional_tensor_with_view_meta */
Tensor* functionalization_createFunctionalTensorWithViewMeta(Tensor* view_to_wrap, const Tensor* base, ViewMeta* meta,
                                                             int64_t out_idx);
/* The outputs of a view of several (split, unbind), all taken: each a
 * functional tensor, a view of `base` by `meta` (taken) for its own index.
 * A list of new references (TensorList_releaseAll), or {NULL, 0} with the
 * error set.  PyTorch 1.13: create_functional_tensor_with_view_meta(ITensorList) */
TensorList functionalization_createFunctionalTensorsWithViewMeta(TensorList views, const Tensor* base, ViewMeta* meta);
/* Output `index` of a view of several (a new reference), the list released:
 * what a ViewMeta's forward function of split or unbind returns.  NULL
 * with the error set if the list is (a failed call). */
Tensor* functionalization_takeListItem(TensorList views, int64_t index);

/* An in-place view operator (t_, transpose_, ...): t becomes the view
 * `meta` (its reference taken) of what it was: the meta joins its view
 * metas, and its value becomes meta's forward function of the value.  0,
 * or -1 with the error set.
 * PyTorch 1.13: at::functionalization::impl::mutate_view_meta */
int functionalization_mutateViewMeta(Tensor* t, ViewMeta* meta);

/* The bytes the tensor's functional storage holds: its base value's
 * extent (the storage 1.13 gives a functional tensor, even of a value
 * without storage, such as a lazy tensor's).
 * PyTorch 1.13: FunctionalStorageImpl.cpp get_nbytes */
int64_t functionalization_storageNbytes(const Tensor* t);
/* resize_ to more bytes than the storage holds: the tensor (a base, not a
 * view: "Attempted to resize a view tensor to a larger size. ...") takes
 * `other` (retained) as its value and a new storage of its own.  0, or -1
 * with the error set.
 * PyTorch 1.13: FunctionalTensorWrapper::maybe_replace_storage (Note
 * [resize_() in functionalization pass]) */
int functionalization_maybeReplaceStorage(Tensor* t, const Tensor* other);

/* A shallow copy of a functional tensor (`t.detach()`, `t.data`): a new
 * header sharing its value and storage, with no view metas and generation
 * 0, as 1.13's (its copy_tensor_metadata copies value_ and level_ only):
 * the copy of a view reads as the whole base once synced.  NULL with the
 * error set.  PyTorch 1.13: FunctionalTensorWrapper::shallow_copy_and_detach */
Tensor* functionalization_shallowCopy(const Tensor* t);

/*
 * Note [Propagating strides in the functionalization pass]
 * A view's value is a copy (select_copy: contiguous, storage offset 0), and
 * the functional tensor reports its value's sizes and strides; but its
 * storage offset is the one the view would have: `f[1]` of a [2, 3] f
 * reports 3, as the view operator gives on a tensor with f's sizes and
 * strides.  The Functionalize kernel of a view runs the operator once more
 * on such a meta tensor (`view_op` with the call's boxed `args`, args[0]
 * replaced), below Functionalize and the Python key, and takes its offset.
 * A write resets it: the new value's offset (replace_).  0, or -1 with the
 * error set.
 * PyTorch 1.13: RegisterFunctionalization_*.cpp (the meta reference run),
 * at::functionalization::impl::set_sizes_strides_offset
 */
int functionalization_setViewOffset(Tensor* out, const Tensor* self, const OperatorEntry* view_op, IValue* args);
/* The offset alone (an in-place view runs it before it changes self, so
 * that the view's own errors come first: "t_() expects a tensor with <= 2
 * dimensions, ..."). */
int functionalization_viewOffset(const Tensor* self, const OperatorEntry* view_op, IValue* args, int64_t* offset);
/* The same for the outputs of a view of several. */
int functionalization_setViewOffsets(TensorList outs, const Tensor* self, const OperatorEntry* view_op, IValue* args);

/* Whether a view reapplies the view operator (views of the values alias,
 * as `functionalize(f, remove='mutations')` wants) instead of calling its
 * _copy form: a thread-local flag, torch._enable_functionalization's
 * reapply_views.  PyTorch 1.13: at::functionalization::impl::
 * getFunctionalizationReapplyViewsTLS, setFunctionalizationReapplyViewsTLS */
bool functionalization_getReapplyViewsTLS(void);
void functionalization_setReapplyViewsTLS(bool reapply_views);

/* Runs what follows below the Functionalize key (on the values).
 * PyTorch 1.13: at::AutoDispatchSkipFunctionalize */
static inline DispatchKeyGuard AutoDispatchSkipFunctionalize_push(void) {
  return ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Functionalize));
}

/* Before an in-place operator becomes its functional form, it runs on meta
 * tensors of its arguments' sizes, strides and dtypes (below Functionalize
 * and the Python keys), for the errors only the in-place form raises:
 * `f.add_(torch.ones(1, 2, 3))` on a [2, 3] f (a broadcast the functional
 * add allows), `int_tensor.rsqrt_()` (a Float result that cannot be
 * written to Long).  `args` are the operator's boxed arguments.  1, or 0
 * if it did not run, or -1 with that error.  NB(minaten): run only for
 * operators with a kernel of their own for Meta (1.13's in-place operators
 * all run on meta tensors); functionalization_checkInplaceShape stands in
 * for the others.
 * PyTorch 1.13: gen_functionalization_type.py ("Before converting the
 * mutable op to its functional variant, run meta tensors through the
 * original op") */
int functionalization_runInplaceMeta(const OperatorEntry* op, const IValue* args);

/* An in-place operator's functional result must keep the written
 * tensor's shape (`f.add_(torch.ones(1, 2, 3))` on a [2, 3] f): 0, or -1
 * with TensorIterator's "output with shape [2, 3] doesn't match the
 * broadcast shape [1, 2, 3]".
 * NB(minaten): 1.13 first runs the in-place operator on meta tensors
 * (gen_functionalization_type.py, "run meta tensors through the original
 * op"), which raises its own error; minaten's operators do not all have
 * meta kernels yet, and this is the error those runs raise. */
int functionalization_checkInplaceShape(const Tensor* self, const Tensor* result);

/* "mutating a non-functional tensor with a functional tensor is not
 * allowed. ...": an in-place operator on a plain tensor with a functional
 * argument.  NB(minaten): 1.13 raises it from an internal assert, whose
 * message begins with the generated file's path and line. */
extern const char kMutatingNonFunctional[];

/* Installs the header's destructor hook (Tensor_releaseFunctional). */
void FunctionalTensorWrapper_registerHooks(void);

#endif
