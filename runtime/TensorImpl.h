/*
 * TensorImpl.h - the tensor header: a strided view of a storage.
 *
 * A tensor is (storage, storage_offset, sizes, strides, dtype, device, key
 * set).  Element (i0, i1, ...) lives at
 *     storage->data + (storage_offset + sum_k i_k * strides[k]) * itemsize.
 * Views are new headers over the same storage; copies get a new storage.
 *
 * The dispatch key set is what the dispatcher reads: a CPU tensor carries
 * {CPU, ADInplaceOrView, AutogradCPU}, as PyTorch's do (docs/architecture.md,
 * "The autograd keys": they matter before autograd exists).
 *
 * `is_contiguous` is cached and recomputed whenever sizes or strides change
 * (Tensor_refreshContiguous), with PyTorch's rule: size-1 dimensions may have
 * any stride, and a tensor with no elements is contiguous.
 *
 * Headers are reference counted.  Sizes and strides live in the same
 * allocation as the header (a flexible array), so making a view costs one
 * malloc.  A quantized tensor (key QuantizedCPU) carries its quantizer, as
 * PyTorch's QTensorImpl does: views share it (one more reference), and the
 * header's last release drops it.  A lazy tensor (key Lazy) has no storage
 * and carries its IR value in `lazy` (ops/lazy/LazyTensor.h), as PyTorch's
 * LTCTensorImpl carries its LazyTensor.
 *
 * Note [Version counters]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * Every header points at a VariableVersion: how many times the data it
 * sees was written in place.  A header made by Tensor_new gets a counter of
 * its own at version 0 (NB(minaten): made when first used, by
 * Tensor_versionCounter: until then the pointer is NULL and the version 0;
 * most tensors are never written in place nor viewed, and 1.13's eager
 * counter is one more allocation per tensor); the ADInplaceOrView kernels make it shared (1.13's
 * as_view: a view shares its base's counter; detach() and view.dtype share
 * it too, make_variable_non_differentiable_view) and bump it (1.13's
 * increment_version: each in-place and out= operator, once, for the tensor
 * it writes).  autograd/SavedVariable.c compares the version a saved tensor
 * had with the version it has when backward unpacks it.  `t._version` reads
 * it.  A header over the same storage made any other way (`_unsafe_view`,
 * a kernel's internal views) has a counter of its own: see NOTE [ Unsafe
 * View ] in ops/TensorShape.c.
 *
 * PyTorch 1.13: c10/core/TensorImpl.h
 */
#ifndef MINATEN_RUNTIME_TENSORIMPL_H
#define MINATEN_RUNTIME_TENSORIMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/DispatchKeySet.h"
#include "runtime/ArrayRef.h"
#include "runtime/Device.h"
#include "runtime/Quantizer.h"
#include "runtime/ScalarType.h"
#include "runtime/Storage.h"

/* A version counter, reference counted: one per group of headers that see
 * the same data and must agree on its version (see Note [Version counters]).
 * NB(minaten): 1.13's VariableVersion is a value holding an intrusive_ptr to
 * its VersionCounter; here the pointer is the value.  An inference tensor
 * has none in 1.13 (Note [Inference mode], runtime/InferenceMode.h); here
 * nothing reads or bumps one: Tensor_bumpVersion refuses it outside
 * inference mode, and `t._version` refuses to read it.
 * PyTorch 1.13: c10/core/TensorImpl.h VariableVersion, VariableVersion::VersionCounter */
typedef struct VariableVersion {
  int64_t refcount;
  uint32_t version;
} VariableVersion;

typedef struct Tensor {
  int64_t refcount;
  DispatchKeySet key_set;
  ScalarType dtype;
  Device device;
  bool is_contiguous;
  /* A 0-dim tensor made from a Python number for an operator argument
   * (`a + 1`): it does not widen the result type within its category
   * (c10/core/TensorImpl.h is_wrapped_number_). */
  bool is_wrapped_number;
  int64_t dim;
  int64_t numel;
  int64_t storage_offset;
  Storage* storage;
  /* Owned reference; NULL unless the tensor is quantized.
   * PyTorch 1.13: aten/src/ATen/quantized/QTensorImpl.h QTensorImpl::quantizer_ */
  Quantizer* quantizer;
  /* Owned; NULL unless the tensor is lazy (ops/lazy/LazyTensor.h).
   * PyTorch 1.13: torch/csrc/lazy/core/tensor_impl.h LTCTensorImpl::tensor_ */
  struct LazyTensor* lazy;
  /* Owned; NULL unless the tensor is functional
   * (ops/functionalization/FunctionalTensorWrapper.h).
   * NB(minaten): PyTorch 1.13's FunctionalTensorWrapper is a TensorImpl
   * subclass; here a tensor header carries the wrapper's part. */
  struct FunctionalTensorWrapper* functional;
  /* Owned; NULL until the tensor requires grad or gets a grad_fn
   * (autograd/variable.h).  A view made by Tensor_makeView starts with none.
   * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::autograd_meta_ */
  struct AutogradMeta* autograd_meta;
  /* Owned reference; NULL until first used (see Note [Version counters]).
   * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::version_counter_ */
  VariableVersion* version_counter;
  /* The tensor's Python object (a THPVariable of the minaten extension), or
   * NULL: a tensor has at most one, so that Python sees one object for it
   * (`t.contiguous() is t`).  Borrowed while the Python object owns the
   * tensor; owned (owns_pyobj) while nothing in Python refers to the object
   * but the tensor lives on.  See Note [Tensor and its PyObject] in
   * csrc/autograd/python_variable.c.
   * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::pyobj_, owns_pyobj() */
  void* pyobj;
  bool owns_pyobj;
  /* dim entries each, in sizes_and_strides, or on the heap once a resize
   * gave the tensor more dimensions than the header was made with
   * (PyTorch 1.13: c10/core/impl/SizesAndStrides.h, inline up to 5). */
  int64_t* sizes;
  int64_t* strides;
  int64_t dim_capacity; /* the dimensions sizes_and_strides holds */
  int64_t sizes_and_strides[];
} Tensor;

/* NB(minaten): shapes live in stack arrays of MINATEN_MAX_DIM entries, so a
 * tensor has at most that many dimensions (PyTorch has no such limit).
 * 0 if `ndim` dimensions fit, else -1 with the RuntimeError
 * "minaten supports tensors with at most 64 dimensions, but got <ndim>". */
int check_max_dims(int64_t ndim);

/* The one home of PyTorch's storage size check for contiguous tensors:
 * `nbytes` is a storage size as computeStorageNbytesContiguous gives it
 * (ops/EmptyTensor.h: -1 when the byte count overflowed or exceeds
 * INT64_MAX).  0 if it is a size, else -1 with the RuntimeError
 * "Storage size calculation overflowed with sizes=[...]" naming `sizes`.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp computeStorageNbytesContiguous (its TORCH_CHECK) */
int check_storage_nbytes(int64_t nbytes, IntArrayRef sizes);

/*
 * A new header over `storage` (retained; may be NULL for storage-less
 * tensors) with the given geometry, refcount 1 (a negative stride replaced
 * as Tensor_setSizesAndStrides replaces it).  The key set is the backend
 * key plus its autograd key and ADInplaceOrView.
 * Returns NULL with a RuntimeError if sizes and strides differ in length
 * (1.13's set_sizes_and_strides message) or dim exceeds MINATEN_MAX_DIM.
 */
Tensor* Tensor_new(Storage* storage, int64_t storage_offset, IntArrayRef sizes,
                   IntArrayRef strides, ScalarType dtype, Device device, DispatchKey backend);

/* A new header sharing self's storage, dtype, device, key set and quantizer
 * (one more reference), with new geometry and a version counter of its own
 * (as 1.13's kernels make views; the ADInplaceOrView kernel shares it).  PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp alias_with_sizes_and_strides */
Tensor* Tensor_makeView(const Tensor* self, IntArrayRef sizes, IntArrayRef strides,
                        int64_t storage_offset);

/* Returns t with one more reference (the count is intrusive, so a const
 * tensor may be retained, as c10::intrusive_ptr allows). */
Tensor* Tensor_retain(const Tensor* t);
/* Drops a reference (NULL is allowed). */
void Tensor_release(Tensor* t);
/* Releases every element of a list of new references and frees its array
 * (NULL data allowed): a TensorList an operator returned, or one built
 * half-way when making it failed. */
void TensorList_releaseAll(TensorList l);
/* The three tensors as a list of new references that the caller frees
 * (TensorList_releaseAll), items undefined (NULL) included; {NULL, 0} for
 * a failed call (all NULL, the error indicator set), as a derivative
 * formula reads std::tuple<Tensor, Tensor, Tensor>. */
TensorList TensorTuple3_toList(TensorTuple3 r);

/* How the last release of a lazy tensor frees its `lazy` part.
 * NB(minaten): the virtual destructor of LTCTensorImpl; runtime/ sits below
 * ops/, so ops/lazy/LazyTensor.c installs it when it makes a lazy tensor. */
extern void (*Tensor_releaseLazy)(struct LazyTensor* lazy);
/* How the last release of a functional tensor frees its `functional`
 * part (installed by ops/functionalization/FunctionalTensorWrapper.c,
 * as Tensor_releaseLazy). */
extern void (*Tensor_releaseFunctional)(struct FunctionalTensorWrapper* functional);
/* A new lazy header standing for the same value as `t` and aliasing it, with
 * no autograd history and no IR node (NULL + error on failure).
 * NB(minaten): LTCTensorImpl's shallow_copy_and_detach (a copy of the
 * FunctionalTensorWrapper: same value, same storage); installed beside
 * Tensor_releaseLazy. */
extern Tensor* (*Tensor_shallowCopyLazy)(const Tensor* t);

/* How the last release of a tensor that owns its Python object frees that
 * object (installed by the extension, csrc/autograd/python_variable.c). */
extern void (*Tensor_releasePyObject)(struct Tensor* t);

/* How the last release of a tensor frees its `autograd_meta`.
 * NB(minaten): AutogradMeta's virtual destructor, as for Tensor_releaseLazy;
 * autograd/variable.c installs it when it makes the first AutogradMeta. */
extern void (*Tensor_releaseAutogradMeta)(struct AutogradMeta* meta);
/* Whether t requires grad, as its AutogradMeta says (autograd/variable.h
 * requires_grad); false for a tensor without one.
 * NB(minaten): TensorImpl::requires_grad asks the AutogradMetaInterface, a
 * virtual call; here autograd/variable.c installs the function with the
 * first AutogradMeta, as for Tensor_releaseAutogradMeta.
 * PyTorch 1.13: c10/core/TensorImpl.cpp TensorImpl::requires_grad */
extern bool (*Tensor_autogradRequiresGrad)(const Tensor* t);
static inline bool Tensor_requiresGrad(const Tensor* t) {
  return t->autograd_meta != NULL && Tensor_autogradRequiresGrad(t);
}

static inline IntArrayRef Tensor_sizes(const Tensor* t) {
  return IntArrayRef_make(t->sizes, (size_t)t->dim);
}
static inline IntArrayRef Tensor_strides(const Tensor* t) {
  return IntArrayRef_make(t->strides, (size_t)t->dim);
}
static inline size_t Tensor_itemsize(const Tensor* t) { return ScalarType_elementSize(t->dtype); }
/* Address of element 0 (data_ptr), or NULL for a storage without data (a
 * shape run's dummy, ops/lazy/LazyIrBuilder.c: NULL plus an offset would be
 * undefined behaviour).  PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::data */
static inline char* Tensor_data(const Tensor* t) {
  char* data = (char*)t->storage->data;
  return data == NULL ? NULL : data + t->storage_offset * (int64_t)Tensor_itemsize(t);
}
/* Whether t has exactly these sizes (and so as many dimensions). */
static inline bool Tensor_hasSizes(const Tensor* t, IntArrayRef sizes) {
  if ((size_t)t->dim != sizes.size) return false;
  for (size_t i = 0; i < sizes.size; i++)
    if (t->sizes[i] != sizes.data[i]) return false;
  return true;
}
/* The backend key of the tensor (CPU, Lazy or QuantizedCPU). */
DispatchKey Tensor_backendKey(const Tensor* t);

/* The math bits: a complex tensor whose values read conjugated (conj()),
 * a tensor whose values read negated (a conjugated tensor's imag).  Each is
 * a key in the tensor's key set, whose fallback resolves the bit before a
 * kernel that does not know it runs (dispatch/MathBitsFallback.c).
 * PyTorch 1.13: c10/core/TensorImpl.h is_conj, _set_conj, is_neg, _set_neg */
static inline bool Tensor_isConj(const Tensor* t) { return DispatchKeySet_has(t->key_set, DispatchKey_Conjugate); }
static inline bool Tensor_isNeg(const Tensor* t) { return DispatchKeySet_has(t->key_set, DispatchKey_Negative); }
static inline void Tensor_setConj(Tensor* t, bool value) {
  t->key_set = value ? DispatchKeySet_add(t->key_set, DispatchKey_Conjugate)
                     : DispatchKeySet_remove(t->key_set, DispatchKeySet_of(DispatchKey_Conjugate));
}
static inline void Tensor_setNeg(Tensor* t, bool value) {
  t->key_set = value ? DispatchKeySet_add(t->key_set, DispatchKey_Negative)
                     : DispatchKeySet_remove(t->key_set, DispatchKeySet_of(DispatchKey_Negative));
}

/*
 * Gives t the sizes with contiguous strides, keeping its storage offset, and
 * grows its storage (in place: every tensor sharing it sees the new bytes)
 * when the new geometry needs more bytes than it has.  t may change its
 * number of dimensions.  Returns 0, or -1 with the error set.
 * PyTorch 1.13: aten/src/ATen/native/Resize.h resize_impl_cpu_,
 * maybe_resize_storage_cpu
 */
int Tensor_resizeContiguous(Tensor* t, IntArrayRef sizes);

/*
 * Gives t these sizes and strides (as many of each), in place: t's storage,
 * offset and everything else stay.  A negative stride is never stored: the
 * last dimension's becomes 1, another's the next dimension's stride times
 * its size (at least 1), as in 1.13 ("to match NumPy").  The header's arrays move to the heap
 * when t gets more dimensions than they hold.  Returns 0, or -1 with the
 * error set (sizes and strides of different lengths, more than
 * MINATEN_MAX_DIM dimensions, no memory).
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::set_sizes_and_strides
 */
int Tensor_setSizesAndStrides(Tensor* t, IntArrayRef sizes, IntArrayRef strides);

/*
 * Makes self a header over src's data: src's storage, offset, sizes,
 * strides, dtype, device, key set and quantizer, in place (self's refcount,
 * version counter, autograd meta and Python object stay).  What
 * `t.data = src` does below autograd.  Neither may be lazy (the caller
 * checks).  Returns 0, or -1 with the error set (no memory).
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::shallow_copy_from,
 * copy_tensor_metadata (version counter kept), QTensorImpl::shallow_copy_from
 */
int Tensor_shallowCopyFrom(Tensor* self, const Tensor* src);

/* Whether as_strided can express any view of t: not for a lazy tensor,
 * which has no storage to stride over (autograd replays its views instead,
 * autograd/ViewFunc.h).
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::support_as_strided,
 * c10/core/Device.h Device::supports_as_strided */
static inline bool Tensor_supportAsStrided(const Tensor* t) { return t->device.type != DeviceType_Lazy; }

/* The version of t's data: how many in-place writes its counter has seen.
 * PyTorch 1.13: c10/core/TensorImpl.h VariableVersion::current_version */
static inline uint32_t Tensor_version(const Tensor* t) {
  return t->version_counter != NULL ? t->version_counter->version : 0;
}

/* t's version counter, made at version 0 on first use (aborts on OOM, as
 * for other tiny allocations); a const tensor's too, as the counter is
 * shared state. */
VariableVersion* Tensor_versionCounter(const Tensor* t);

/* Whether t was made in inference mode (or is a view of such a tensor): it
 * has no ADInplaceOrView and no autograd key, and no version counter (Note
 * [Inference mode] in runtime/InferenceMode.h).
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::is_inference */
static inline bool Tensor_isInference(const Tensor* t) {
  DispatchKeySet keys = DispatchKeySet_or(DispatchKeySet_of(DispatchKey_ADInplaceOrView), DispatchKeySet_autograd());
  return DispatchKeySet_isEmpty(DispatchKeySet_and(t->key_set, keys));
}

/* One more in-place write to t's data (the counter is shared state, so a
 * const tensor may be bumped, as 1.13's bump_version of a const Tensor&).
 * An inference tensor has no counter: outside inference mode, 1.13's error,
 * and -1 (the write itself has been done).
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::bump_version, VariableVersion::bump */
int Tensor_bumpVersion(const Tensor* t);

/* Makes t use `version_counter` (retained; t's old one is released): t then
 * shares it with every other header using it.
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::set_version_counter */
void Tensor_setVersionCounter(Tensor* t, VariableVersion* version_counter);

/* The explainer's view of the contiguity test (minaten explain): when set,
 * Tensor_refreshContiguous reports each dimension it looks at, innermost
 * first: dim, the stride it expects there, and whether the dimension passes
 * (a size-1 dimension always does); dim -1 for an empty tensor (contiguous
 * whatever its strides).  NULL on the hot path. */
typedef void (*ContiguousExplainFn)(int64_t dim, int64_t expected, bool ok, void* ctx);
extern ContiguousExplainFn Tensor_contiguousExplain;
extern void* Tensor_contiguousExplainCtx;

/* Recomputes numel and is_contiguous after sizes/strides changed.
 * PyTorch 1.13: c10/core/TensorImpl.cpp TensorImpl::compute_contiguous */
void Tensor_refreshContiguous(Tensor* t);

/* Contiguous strides for sizes (size-0/1 dims get the running product as
 * PyTorch does). PyTorch 1.13: c10/core/TensorImpl.h / empty_tensor_restride */
void computeContiguousStrides(IntArrayRef sizes, int64_t* strides_out);

/* Wraps a dimension index like PyTorch; on error sets IndexError
 * "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
 * and returns -1.  PyTorch 1.13: c10/core/WrapDimMinimal.h maybe_wrap_dim */
int64_t maybe_wrap_dim(int64_t dim, int64_t dim_post_expr, bool wrap_scalar);

#endif
