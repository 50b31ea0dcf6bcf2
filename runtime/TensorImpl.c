/*
 * TensorImpl.c - tensor headers; see TensorImpl.h.
 * PyTorch 1.13: c10/core/TensorImpl.cpp
 */
#include "runtime/TensorImpl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "runtime/InferenceMode.h"
#include "runtime/safe_numerics.h"

/* TensorImpl::safe_compute_numel's check: the sizes' product, as uint64_t,
 * overflowed or exceeds INT64_MAX.
 * PyTorch 1.13: c10/core/TensorImpl.h safe_compute_numel */
static bool numel_overflows(IntArrayRef sizes) {
  uint64_t n;
  return safe_multiplies_u64(sizes.data, sizes.size, &n) || n > (uint64_t)INT64_MAX;
}

int check_max_dims(int64_t ndim) {
  if (ndim <= MINATEN_MAX_DIM) return 0;
  Error_set(ErrorType_RuntimeError, "minaten supports tensors with at most %d dimensions, but got %" PRId64,
            MINATEN_MAX_DIM, ndim);
  return -1;
}

int check_storage_nbytes(int64_t nbytes, IntArrayRef sizes) {
  if (nbytes >= 0) return 0;
  char buf[1536]; /* 64 sizes of 20 digits and a sign each, with their ", " */
  Error_set(ErrorType_RuntimeError, "Storage size calculation overflowed with sizes=%s",
            IntArrayRef_format(sizes, buf, sizeof buf));
  return -1;
}

/* Sizes and strides of a header come in pairs: a view's (_reshape_alias,
 * alias_with_sizes_and_strides) may come from the user.
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::set_sizes_and_strides (its TORCH_CHECK) */
static int check_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides) {
  TORCH_CHECK(sizes.size == strides.size,
              "dimensionality of sizes (%zu) must match dimensionality of strides (%zu)", sizes.size,
              strides.size);
  return 0;
fail:
  return -1;
}

/* set_sizes_and_strides' rule for a negative stride, which it never
 * stores: the last dimension's becomes 1, any other's the next one's
 * stride times the next one's size (at least 1), "to match NumPy".
 * _reshape_alias, which takes the strides from its caller unchecked, can
 * pass one (`_reshape_alias(t, [2, 3], [3, -1])` has strides (3, 1)).  The
 * product wraps as int64_t does on x86-64, for checkInBoundsForStorage to
 * refuse.  out may be in.data.
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::set_sizes_and_strides */
static void strides_without_negatives(IntArrayRef sizes, IntArrayRef in, int64_t* out) {
  for (size_t k = sizes.size; k-- > 0;) {
    if (in.data[k] >= 0) {
      out[k] = in.data[k];
    } else if (k == sizes.size - 1) {
      out[k] = 1;
    } else {
      uint64_t next = (uint64_t)(sizes.data[k + 1] > 1 ? sizes.data[k + 1] : 1);
      out[k] = (int64_t)(next * (uint64_t)out[k + 1]);
    }
  }
}

Tensor* Tensor_new(Storage* storage, int64_t storage_offset, IntArrayRef sizes,
                   IntArrayRef strides, ScalarType dtype, Device device, DispatchKey backend) {
  TRY(check_sizes_and_strides(sizes, strides) == 0);
  TRY(check_max_dims((int64_t)sizes.size) == 0);
  TORCH_CHECK(!numel_overflows(sizes), "numel: integer multiplication overflow");
  Tensor* t = malloc(sizeof *t + 2 * sizes.size * sizeof(int64_t));
  TORCH_CHECK_ALLOC(t != NULL);
  /* PyTorch 1.13: TensorImpl's constructors, version_counter_(VariableVersion(0)),
   * made when first used (Tensor_versionCounter) */
  t->version_counter = NULL;
  t->refcount = 1;
  t->is_wrapped_number = false;
  DispatchKeySet ks = DispatchKeySet_of(backend);
  /* an inference tensor has no autograd-related key (Note [Inference mode]
   * in runtime/InferenceMode.h) */
  if (!InferenceMode_is_enabled()) {
    ks = DispatchKeySet_add(ks, DispatchKey_ADInplaceOrView);
    ks = DispatchKeySet_add(ks, DispatchKey_autogradKeyFor(backend));
  }
  t->key_set = ks;
  t->dtype = dtype;
  t->device = device;
  t->dim = (int64_t)sizes.size;
  t->storage_offset = storage_offset;
  t->storage = storage ? Storage_retain(storage) : NULL;
  t->quantizer = NULL;
  t->lazy = NULL;
  t->functional = NULL;
  t->autograd_meta = NULL;
  t->pyobj = NULL;
  t->owns_pyobj = false;
  t->sizes = t->sizes_and_strides;
  t->strides = t->sizes_and_strides + sizes.size;
  t->dim_capacity = (int64_t)sizes.size;
  if (sizes.size) {
    memcpy(t->sizes, sizes.data, sizes.size * sizeof(int64_t));
    strides_without_negatives(sizes, strides, t->strides);
  }
  Tensor_refreshContiguous(t);
  return t;
fail:
  return NULL;
}

Tensor* Tensor_makeView(const Tensor* self, IntArrayRef sizes, IntArrayRef strides,
                        int64_t storage_offset) {
  if (self->lazy != NULL) {
    /* A lazy tensor outside functionalization has no storage to view: a
     * header of the same geometry (detach, alias) shares its value, as
     * 1.13's shallow_copy_and_detach of LTCTensorImpl; any other geometry is
     * refused as 1.13's views are, whose kernels reach as_strided and the
     * Lazy fallback (LazyEagerFallback.c refuse_view). */
    bool same = Tensor_hasSizes(self, sizes) && storage_offset == self->storage_offset;
    for (size_t d = 0; same && d < strides.size; d++) same = strides.data[d] == self->strides[d];
    if (same) return Tensor_shallowCopyLazy(self);
    Error_set(ErrorType_RuntimeError,
              "The operator aten::as_strided appears to be a view operator, but it has no implementation for the "
              "backend \"lazy:0\". View operators don't support falling back to run on the eager, since the "
              "tensor's storage cannot be shared across devices.");
    return NULL;
  }
  Tensor* t = Tensor_new(self->storage, storage_offset, sizes, strides, self->dtype, self->device,
                         Tensor_backendKey(self));
  if (t) {
    t->key_set = self->key_set;
    t->quantizer = Quantizer_retain(self->quantizer);
  }
  return t;
}

Tensor* Tensor_retain(const Tensor* t) {
  Tensor* m = (Tensor*)t; /* the refcount is intrusive and logically mutable */
  m->refcount++;
  return m;
}

void (*Tensor_releaseLazy)(struct LazyTensor* lazy) = NULL;
void (*Tensor_releaseFunctional)(struct FunctionalTensorWrapper* functional) = NULL;
Tensor* (*Tensor_shallowCopyLazy)(const Tensor* t) = NULL;
void (*Tensor_releaseAutogradMeta)(struct AutogradMeta* meta) = NULL;
void (*Tensor_releasePyObject)(Tensor* t) = NULL;
bool (*Tensor_autogradRequiresGrad)(const Tensor* t) = NULL;

static void VariableVersion_release(VariableVersion* v) {
  if (v != NULL && --v->refcount == 0) free(v);
}

VariableVersion* Tensor_versionCounter(const Tensor* t) {
  if (t->version_counter == NULL) {
    VariableVersion* v = malloc(sizeof *v);
    TORCH_INTERNAL_ASSERT(v != NULL);
    v->refcount = 1;
    v->version = 0;
    ((Tensor*)t)->version_counter = v; /* logically mutable, as the refcount */
  }
  return t->version_counter;
}

int Tensor_bumpVersion(const Tensor* t) {
  if (Tensor_isInference(t)) {
    /* it has no version counter */
    TORCH_CHECK(InferenceMode_is_enabled(),
                "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get "
                "a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more "
                "details.");
    return 0;
  }
  Tensor_versionCounter(t)->version++;
  return 0;
fail:
  return -1;
}

void Tensor_setVersionCounter(Tensor* t, VariableVersion* version_counter) {
  version_counter->refcount++;
  VariableVersion_release(t->version_counter);
  t->version_counter = version_counter;
}

void Tensor_release(Tensor* t) {
  if (t == NULL || --t->refcount > 0) return;
  if (t->owns_pyobj) Tensor_releasePyObject(t);
  if (t->autograd_meta != NULL) Tensor_releaseAutogradMeta(t->autograd_meta);
  VariableVersion_release(t->version_counter);
  if (t->lazy != NULL) Tensor_releaseLazy(t->lazy);
  if (t->functional != NULL) Tensor_releaseFunctional(t->functional);
  Storage_release(t->storage);
  Quantizer_release(t->quantizer);
  if (t->sizes != t->sizes_and_strides) free(t->sizes);
  free(t);
}

void TensorList_releaseAll(TensorList l) {
  for (size_t i = 0; i < l.size; i++) Tensor_release((Tensor*)l.data[i]);
  free((void*)l.data);
}

TensorList TensorTuple3_toList(TensorTuple3 r) {
  if (r.items[0] == NULL && r.items[1] == NULL && r.items[2] == NULL && Error_occurred()) return (TensorList){NULL, 0};
  Tensor** data = malloc(3 * sizeof *data);
  if (data == NULL) abort(); /* three pointers */
  for (int i = 0; i < 3; i++) data[i] = r.items[i];
  return (TensorList){(Tensor* const*)data, 3};
}

int Tensor_resizeContiguous(Tensor* t, IntArrayRef sizes) {
  TRY(check_max_dims((int64_t)sizes.size) == 0);
  /* A negative size passes when another is 0 ([-1, 0] has no element), as
   * in PyTorch.  NB(minaten): PyTorch sets the sizes before it computes
   * and allocates the storage, so a resize_ that fails on the storage size
   * or on memory leaves a tensor bigger than its storage (printing it then
   * reads out of bounds); minaten keeps the old sizes. */
  TORCH_CHECK(!numel_overflows(sizes), "numel: integer multiplication overflow");
  uint64_t numel, need;
  safe_multiplies_u64(sizes.data, sizes.size, &numel);
  if (numel > 0 && t->storage != NULL) { /* a lazy tensor has no storage to grow */
    bool overflowed = add_overflows_u64((uint64_t)t->storage_offset, numel, &need);
    overflowed |= mul_overflows_u64(need, (uint64_t)Tensor_itemsize(t), &need);
    TRY(check_storage_nbytes(overflowed || need > (uint64_t)INT64_MAX ? -1 : (int64_t)need, sizes) == 0);
    if (need > t->storage->nbytes && Storage_resize(t->storage, need) < 0) goto fail;
  }
  int64_t strides[MINATEN_MAX_DIM];
  computeContiguousStrides(sizes, strides);
  return Tensor_setSizesAndStrides(t, sizes, IntArrayRef_make(strides, sizes.size));
fail:
  return -1;
}

int Tensor_setSizesAndStrides(Tensor* t, IntArrayRef sizes, IntArrayRef strides) {
  TRY(check_sizes_and_strides(sizes, strides) == 0);
  TRY(check_max_dims((int64_t)sizes.size) == 0);
  int64_t ndim = (int64_t)sizes.size;
  /* copied out first: sizes or strides may point into t's own arrays */
  int64_t new_sizes[MINATEN_MAX_DIM], new_strides[MINATEN_MAX_DIM];
  if (ndim) {
    memcpy(new_sizes, sizes.data, sizes.size * sizeof(int64_t));
    strides_without_negatives(sizes, strides, new_strides);
  }
  if (ndim > t->dim_capacity) {
    int64_t* heap = malloc(2 * sizes.size * sizeof(int64_t));
    TORCH_CHECK_ALLOC(heap != NULL);
    if (t->sizes != t->sizes_and_strides) free(t->sizes);
    t->sizes = heap;
    t->dim_capacity = ndim;
  }
  t->strides = t->sizes + ndim;
  t->dim = ndim;
  if (ndim) {
    memcpy(t->sizes, new_sizes, sizes.size * sizeof(int64_t));
    memcpy(t->strides, new_strides, sizes.size * sizeof(int64_t));
  }
  Tensor_refreshContiguous(t);
  return 0;
fail:
  return -1;
}

int Tensor_shallowCopyFrom(Tensor* self, const Tensor* src) {
  TORCH_INTERNAL_ASSERT(self->lazy == NULL && src->lazy == NULL);
  if (self == src) return 0;
  TRY(Tensor_setSizesAndStrides(self, Tensor_sizes(src), Tensor_strides(src)) == 0);
  Storage* storage = src->storage != NULL ? Storage_retain(src->storage) : NULL;
  Storage_release(self->storage);
  self->storage = storage;
  Quantizer* quantizer = Quantizer_retain(src->quantizer);
  Quantizer_release(self->quantizer);
  self->quantizer = quantizer;
  self->storage_offset = src->storage_offset;
  self->dtype = src->dtype;
  self->device = src->device;
  self->key_set = src->key_set;
  self->is_wrapped_number = src->is_wrapped_number;
  self->numel = src->numel;
  self->is_contiguous = src->is_contiguous;
  return 0;
fail:
  return -1;
}

DispatchKey Tensor_backendKey(const Tensor* t) {
  DispatchKeySet backends = DispatchKeySet_and(t->key_set, DispatchKeySet_backends());
  return DispatchKeySet_highestPriorityTypeId(backends);
}

ContiguousExplainFn Tensor_contiguousExplain;
void* Tensor_contiguousExplainCtx;

/* Tells the explainer one step of the contiguity test; a NULL test on the
 * hot path. */
static void explain_contiguous(int64_t dim, int64_t expected, bool ok) {
  if (Tensor_contiguousExplain != NULL) Tensor_contiguousExplain(dim, expected, ok, Tensor_contiguousExplainCtx);
}

void Tensor_refreshContiguous(Tensor* t) {
  /* Unsigned: the sizes passed numel's check, but a size-0 tensor's strides
   * may be anything ([0, 2**62, 2**62] has strides [0, 2**62, 1]). */
  uint64_t numel;
  safe_multiplies_u64(t->sizes, (size_t)t->dim, &numel);
  t->numel = (int64_t)numel;
  /* Note: size-1 dimensions can have any stride, and an empty tensor is
   * contiguous whatever its strides. */
  bool contiguous = true;
  if (numel != 0) {
    uint64_t expected = 1;
    for (int64_t d = t->dim - 1; d >= 0; d--) {
      if (t->sizes[d] == 1) {
        explain_contiguous(d, (int64_t)expected, true);
        continue;
      }
      if ((uint64_t)t->strides[d] != expected) {
        explain_contiguous(d, (int64_t)expected, false);
        contiguous = false;
        break;
      }
      explain_contiguous(d, (int64_t)expected, true);
      expected *= (uint64_t)t->sizes[d];
    }
  } else {
    explain_contiguous(-1, 0, true);
  }
  t->is_contiguous = contiguous;
}

void computeContiguousStrides(IntArrayRef sizes, int64_t* strides_out) {
  /* Unsigned arithmetic: sizes whose product overflows are rejected by the
   * callers (storage size, numel); here they must merely not be UB. */
  uint64_t stride = 1;
  for (size_t i = sizes.size; i-- > 0;) {
    strides_out[i] = (int64_t)stride;
    stride *= sizes.data[i] > 1 ? (uint64_t)sizes.data[i] : 1;
  }
}

int64_t maybe_wrap_dim(int64_t dim, int64_t dim_post_expr, bool wrap_scalar) {
  if (dim_post_expr <= 0) {
    if (!wrap_scalar) {
      Error_set(ErrorType_IndexError,
                "Dimension specified as %lld but tensor has no dimensions", (long long)dim);
      return -1;
    }
    dim_post_expr = 1;
  }
  int64_t min = -dim_post_expr;
  int64_t max = dim_post_expr - 1;
  if (dim < min || dim > max) {
    Error_set(ErrorType_IndexError,
              "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
              (long long)min, (long long)max, (long long)dim);
    return -1;
  }
  return dim < 0 ? dim + dim_post_expr : dim;
}
