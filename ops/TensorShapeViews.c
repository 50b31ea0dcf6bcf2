/*
 * TensorShapeViews.c - the strided views: as_strided and the operators
 * that compute a new (sizes, strides, offset) for the same storage.
 *
 * Every view kernel here computes its geometry and then calls
 * self.as_strided(...), a dispatched call, exactly as PyTorch's do: the
 * backend's as_strided kernel (as_strided_tensorimpl on CPU) makes the new
 * header and is the one place that checks a geometry against the storage
 * (setStrided: no negative stride, every element inside the storage, a
 * non-negative offset).  So an absurd slice step or expand size fails with
 * the same message as a direct as_strided call would.  transpose(d, d) is
 * self.alias() instead; narrow, a CompositeImplicitAutograd kernel, is
 * slice, and so traces as aten::slice.Tensor.  Quantized tensors: select
 * and slice make their view directly with a quantizer for the kept part
 * (create_subtensor_quantizer, ops/quantized/TensorShape.c), as PyTorch's
 * do; the others reach the QuantizedCPU as_strided kernel.
 *
 * The others here are CompositeExplicitAutograd: a trace shows the view
 * operator itself (aten::transpose.int), never the as_strided it calls.
 *
 * Integer arithmetic: PyTorch computes with int64_t, whose overflow is
 * undefined but wraps on x86-64; where a geometry can overflow (slice's
 * step, unsqueeze's and expand's new strides), minaten computes the same
 * wrapped values with unsigned arithmetic, and as_strided then refuses them
 * as PyTorch does.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp, ExpandUtils.cpp
 * (inferExpandGeometry), Resize.h (setStrided, checkInBoundsForStorage)
 */
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorShape.h"
#include "ops/TensorUtils.h"
#include "ops/quantized/AffineQuantizer.h"
#include "ops/quantized/TensorShape.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* ---- as_strided ---------------------------------------------------------- */

Tensor* Tensor_as_strided(const Tensor* self, IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset) {
  TRY(SymInt_checkArrayRef(size) == 0);
  TRY(SymInt_checkArrayRef(stride) == 0);
  return at_as_strided(self, size, stride, storage_offset);
fail:
  return NULL;
}

/* Writes the decimal digits of v (which may exceed int64) into buf. */
static const char* format_u128(unsigned __int128 v, char* buf, size_t n) {
  char digits[48];
  size_t k = 0;
  do {
    digits[k++] = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v != 0);
  size_t i = 0;
  for (; i < k && i + 1 < n; i++) buf[i] = digits[k - 1 - i];
  buf[i] = '\0';
  return buf;
}

/*
 * The geometry must lie inside the storage: the bytes it spans plus the
 * offset's, unless it has no element (then any storage will do).
 * NB(minaten): PyTorch multiplies and adds the offset in int64_t; an absurd
 * offset (`as_strided((2,), (1,), 2**61)`) wraps to a small or negative
 * number and the view is accepted, pointing outside its storage.  minaten
 * computes exactly and refuses it with the same message.
 * PyTorch 1.13: aten/src/ATen/native/Resize.h checkInBoundsForStorage
 */
int checkInBoundsForStorage(IntArrayRef size, IntArrayRef stride, int64_t storage_offset, size_t itemsize,
                                   const Storage* storage) {
  int64_t storage_size_bytes = computeStorageNbytes(size, stride, itemsize);
  if (storage_size_bytes < 0) {
    Error_set(ErrorType_RuntimeError, "Storage size calculation overflowed with sizes=%s and strides=%s",
              FMT_INTS(size), FMT_INTS(stride));
    return -1;
  }
  if (storage_size_bytes == 0) return 0; /* a tensor with a 0 dim fits any storage */
  __int128 required = (__int128)storage_size_bytes + (__int128)storage_offset * (__int128)itemsize;
  if (required > (__int128)storage->nbytes) {
    char buf[48];
    Error_set(ErrorType_RuntimeError,
              "setStorage: sizes %s, strides %s, storage offset %lld, and itemsize %zu requiring a "
              "storage size of %s are out of bounds for storage of size %zu",
              FMT_INTS(size), FMT_INTS(stride), (long long)storage_offset, itemsize,
              format_u128((unsigned __int128)required, buf, sizeof buf), storage->nbytes);
    return -1;
  }
  return 0;
}

/* setStrided's checks before it writes anything, in its order: the storage
 * offset (storage_offset_, or self's) into *out_offset.  0, or -1 with the
 * error set.  PyTorch 1.13: aten/src/ATen/native/Resize.h setStrided */
static int check_strided(const Tensor* self, IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset_,
                         int64_t* out_offset) {
  /* c10::optional<c10::SymInt> made from an int64_t. */
  TRY(!storage_offset_.has_value || SymInt_check(storage_offset_.value) == 0);
  int64_t storage_offset = storage_offset_.has_value ? storage_offset_.value : self->storage_offset;
  TORCH_CHECK(size.size == stride.size, "mismatch in length of strides and shape");
  for (size_t i = 0; i < stride.size; i++)
    TORCH_CHECK(stride.data[i] >= 0,
                "as_strided: Negative strides are not supported at the moment, got strides: %s",
                FMT_INTS(stride));
  TRY(checkInBoundsForStorage(size, stride, storage_offset, Tensor_itemsize(self), self->storage) == 0);
  TORCH_CHECK(storage_offset >= 0, "Tensor: invalid storage offset %lld", (long long)storage_offset);
  *out_offset = storage_offset;
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::as_strided_tensorimpl
 * (with setStrided: aten/src/ATen/native/Resize.h) */
Tensor* at_native_as_strided_tensorimpl(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                        OptionalInt storage_offset_) {
  int64_t storage_offset;
  TRY(check_strided(self, size, stride, storage_offset_, &storage_offset) == 0);
  /* set_sizes_and_strides: the new numel must fit (PyTorch lets a negative
   * size through when a zero comes first: sizes (0, -3) make an empty view). */
  TRY(check_numel(size) == 0);
  return Tensor_makeView(self, size, stride, storage_offset);
fail:
  return NULL;
}

/* In place: self takes the geometry (size, stride, storage_offset, which
 * defaults to self's) over its own storage, with as_strided's checks in
 * setStrided's order; sizes and strides equal to self's are left as they
 * are.  Returns a new reference to self, or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::as_strided_
 * (with setStrided: aten/src/ATen/native/Resize.h) */
Tensor* at_native_as_strided_(Tensor* self, IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset_) {
  int64_t storage_offset;
  TRY(check_strided(self, size, stride, storage_offset_, &storage_offset) == 0);
  self->storage_offset = storage_offset;
  TRY(check_numel(size) == 0);
  TRY(Tensor_setSizesAndStrides(self, size, stride) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* ---- transpose, t, permute ------------------------------------------------- */

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::transpose */
Tensor* at_native_transpose(const Tensor* self, int64_t dim0, int64_t dim1) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t ndims = self->dim;
  dim0 = maybe_wrap_dim(dim0, ndims, true);
  TRY(dim0 >= 0);
  dim1 = maybe_wrap_dim(dim1, ndims, true);
  TRY(dim1 >= 0);
  /* Transpose of a tensor is a view operation. */
  if (dim0 == dim1) return at_alias(self);
  memcpy(sizes, self->sizes, (size_t)ndims * sizeof(int64_t));
  memcpy(strides, self->strides, (size_t)ndims * sizeof(int64_t));
  sizes[dim0] = self->sizes[dim1];
  sizes[dim1] = self->sizes[dim0];
  strides[dim0] = self->strides[dim1];
  strides[dim1] = self->strides[dim0];
  /* PyTorch passes SymInt lists here (sym_sizes): no range check. */
  return at_as_strided(self, IntArrayRef_make(sizes, (size_t)ndims), IntArrayRef_make(strides, (size_t)ndims),
                       kNoInt);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::t (check_t) */
Tensor* at_native_t(const Tensor* self) {
  TORCH_CHECK(self->dim <= 2, "t() expects a tensor with <= 2 dimensions, but self is %lldD",
              (long long)self->dim);
  return at_transpose_int(self, 0, self->dim < 2 ? 0 : 1);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::permute
 * (_permute_size_stride_estimation; the message names sparse_coo for every layout) */
Tensor* at_native_permute(const Tensor* self, IntArrayRef dims) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  bool seen[MINATEN_MAX_DIM] = {false};
  int64_t ndim = self->dim;
  TORCH_CHECK((int64_t)dims.size == ndim,
              "permute(sparse_coo): number of dimensions in the tensor input does not match the "
              "length of the desired ordering of dimensions i.e. input.dim() = %lld is not equal "
              "to len(dims) = %zu",
              (long long)ndim, dims.size);
  for (int64_t i = 0; i < ndim; i++) {
    int64_t d = maybe_wrap_dim(dims.data[i], ndim, true);
    TRY(d >= 0);
    TORCH_CHECK(!seen[d], "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self->sizes[d];
    strides[i] = self->strides[d];
  }
  return Tensor_as_strided(self, IntArrayRef_make(sizes, (size_t)ndim), IntArrayRef_make(strides, (size_t)ndim),
                           kNoInt);
fail:
  return NULL;
}

/* ---- expand -------------------------------------------------------------- */

/*
 * The sizes and strides of self expanded to `sizes`, aligned at the last
 * dimension: a size-1 dimension may grow (stride 0), -1 keeps a size, and a
 * new leading dimension gets the stride that spans the dimensions inside it
 * (so that expanding by 1 keeps the tensor contiguous).  A 0-dim tensor
 * takes `sizes` as they are, with all strides 0.  Returns 0 or -1.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp inferExpandGeometryImpl
 */
static int inferExpandGeometry(const Tensor* self, IntArrayRef sizes, int64_t* out_sizes, int64_t* out_strides) {
  int64_t ndim = (int64_t)sizes.size;
  int64_t tensor_dim = self->dim;
  if (tensor_dim == 0) {
    for (int64_t i = 0; i < ndim; i++) {
      out_sizes[i] = sizes.data[i];
      out_strides[i] = 0;
    }
    return 0;
  }
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t offset = ndim - 1 - i;
    int64_t dim = tensor_dim - 1 - offset;
    int64_t size = dim >= 0 ? self->sizes[dim] : 1;
    int64_t stride = dim >= 0 ? self->strides[dim] : mul_wrap(out_sizes[i + 1], out_strides[i + 1]);
    int64_t target_size = sizes.data[i];
    if (target_size == -1) {
      TORCH_CHECK(dim >= 0,
                  "The expanded size of the tensor (%lld) isn't allowed in a leading, non-existing "
                  "dimension %lld",
                  (long long)target_size, (long long)i);
      target_size = size;
    }
    if (size != target_size) {
      TORCH_CHECK(size == 1,
                  "The expanded size of the tensor (%lld) must match the existing size (%lld) at "
                  "non-singleton dimension %lld.  Target sizes: %s.  Tensor sizes: %s",
                  (long long)target_size, (long long)size, (long long)i, FMT_INTS(sizes),
                  FMT_INTS(Tensor_sizes(self)));
      size = target_size;
      stride = 0;
    }
    out_sizes[i] = size;
    out_strides[i] = stride;
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::expand */
Tensor* at_native_expand(const Tensor* self, IntArrayRef size, bool implicit) {
  (void)implicit; /* only autograd's broadcasting reads it */
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  TORCH_CHECK(size.size >= (size_t)self->dim,
              "expand(%s{%s}, size=%s): the number of sizes provided (%zu) must be greater or "
              "equal to the number of dimensions in the tensor (%lld)",
              Tensor_typeString(self), FMT_INTS(Tensor_sizes(self)), FMT_INTS(size), size.size,
              (long long)self->dim);
  TRY(check_max_dims((int64_t)size.size) == 0);
  TRY(inferExpandGeometry(self, size, sizes, strides) == 0);
  return Tensor_as_strided(self, IntArrayRef_make(sizes, size.size), IntArrayRef_make(strides, size.size),
                           kNoInt);
fail:
  return NULL;
}

/* ---- narrow, slice, select ------------------------------------------------- */

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::narrow */
Tensor* at_native_narrow(const Tensor* self, int64_t dim, int64_t start, int64_t length) {
  TORCH_CHECK(self->dim > 0, "narrow() cannot be applied to a 0-dim tensor.");
  int64_t wrapped = maybe_wrap_dim(dim, self->dim, true); /* self.size(dim) */
  TRY(wrapped >= 0);
  int64_t cur_size = self->sizes[wrapped];
  /* start being the end is valid, but not a valid dim specification. */
  if (start != cur_size) {
    start = maybe_wrap_dim(start, cur_size, true);
    TRY(start >= 0);
  }
  TORCH_CHECK(length >= 0 && start <= cur_size - length,
              "start (%lld) + length (%lld) exceeds dimension size (%lld).", (long long)start,
              (long long)length, (long long)cur_size);
  OptionalInt s = {true, start}, e = {true, start + length};
  /* dim as given: a lazy trace records slice_copy with dim=-1, as 1.13's */
  return at_slice_Tensor(self, dim, s, e, 1);
fail:
  return NULL;
}

/*
 * start and end are clamped into [0, size] after wrapping negative values
 * once (so a[-100:100] is all of a, a[5:1] is empty at offset 5), and the
 * step multiplies the stride.  Only positive steps exist.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::slice
 */
Tensor* at_native_slice(const Tensor* self, int64_t dim, OptionalInt start, OptionalInt end, int64_t step) {
  /* The SymInt arguments, made from ints by every dispatched caller. */
  TRY(!start.has_value || SymInt_check(start.value) == 0);
  TRY(!end.has_value || SymInt_check(end.value) == 0);
  TRY(SymInt_check(step) == 0);
  return slice_int(self, dim, start, end, step);
fail:
  return NULL;
}

Tensor* slice_int(const Tensor* self, int64_t dim, OptionalInt start, OptionalInt end, int64_t step) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t ndim = self->dim;
  TORCH_CHECK_INDEX(ndim != 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = maybe_wrap_dim(dim, ndim, true);
  TRY(dim >= 0);
  memcpy(sizes, self->sizes, (size_t)ndim * sizeof(int64_t));
  memcpy(strides, self->strides, (size_t)ndim * sizeof(int64_t));
  int64_t start_val = start.has_value ? start.value : 0;
  int64_t end_val = end.has_value ? end.value : INT64_MAX;
  TORCH_CHECK(step > 0, "slice step must be positive");
  if (start_val < 0) start_val += sizes[dim];
  if (end_val < 0) end_val += sizes[dim];
  if (start_val < 0) {
    start_val = 0;
  } else if (start_val >= sizes[dim]) {
    start_val = sizes[dim];
  }
  if (end_val < start_val) {
    end_val = start_val;
  } else if (end_val >= sizes[dim]) {
    end_val = sizes[dim];
  }
  int64_t storage_offset = add_wrap(self->storage_offset, mul_wrap(start_val, strides[dim]));
  int64_t len = end_val - start_val;
  /* Round up.  PyTorch's len + step - 1 wraps for a huge step (a[::2**63-1]
   * has size 0 there, not 1): computed the same way here. */
  sizes[dim] = add_wrap(len, step - 1) / step;
  strides[dim] = mul_wrap(strides[dim], step);
  if (Tensor_isQuantized(self)) {
    Quantizer* quantizer = create_subtensor_quantizer(self, false, start_val, end_val, dim, step);
    TRY(quantizer != NULL);
    Tensor* result = as_strided_qtensorimpl_with_quantizer(self, IntArrayRef_make(sizes, (size_t)ndim),
                                                           IntArrayRef_make(strides, (size_t)ndim),
                                                           storage_offset, quantizer);
    Quantizer_release(quantizer);
    return result;
  }
  OptionalInt offset = {true, storage_offset};
  return Tensor_as_strided(self, IntArrayRef_make(sizes, (size_t)ndim), IntArrayRef_make(strides, (size_t)ndim),
                           offset);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::select (int) */
Tensor* at_native_select(const Tensor* self, int64_t dim, int64_t index) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t ndim = self->dim;
  TORCH_CHECK_INDEX(ndim != 0, "select() cannot be applied to a 0-dim tensor.");
  dim = maybe_wrap_dim(dim, ndim, true);
  TRY(dim >= 0);
  int64_t size = self->sizes[dim];
  TORCH_CHECK_INDEX(index >= -size && index < size,
                    "select(): index %lld out of range for tensor of size %s at dimension %lld",
                    (long long)index, FMT_INTS(Tensor_sizes(self)), (long long)dim);
  if (index < 0) index += size;
  int64_t n = 0;
  for (int64_t i = 0; i < ndim; i++) {
    if (i == dim) continue;
    sizes[n] = self->sizes[i];
    strides[n++] = self->strides[i];
  }
  int64_t storage_offset = add_wrap(self->storage_offset, mul_wrap(index, self->strides[dim]));
  if (Tensor_isQuantized(self)) {
    Quantizer* quantizer = create_subtensor_quantizer(self, true, index, index + 1, dim, 1);
    TRY(quantizer != NULL);
    Tensor* result = as_strided_qtensorimpl_with_quantizer(self, IntArrayRef_make(sizes, (size_t)n),
                                                           IntArrayRef_make(strides, (size_t)n), storage_offset,
                                                           quantizer);
    Quantizer_release(quantizer);
    return result;
  }
  /* PyTorch passes SymInts here: the offset is checked, the lists are not. */
  OptionalInt offset = {true, storage_offset};
  return at_as_strided(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), offset);
fail:
  return NULL;
}

/* ---- squeeze, unsqueeze --------------------------------------------------- */

/* Drops the size-1 dimensions (all of them, or only `dim` when dim >= 0).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp inferSqueezeGeometry */
static int64_t inferSqueezeGeometry(const Tensor* self, int64_t dim, int64_t* sizes, int64_t* strides) {
  int64_t n = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    if (self->sizes[d] == 1 && (dim < 0 || d == dim)) continue;
    sizes[n] = self->sizes[d];
    strides[n++] = self->strides[d];
  }
  return n;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::squeeze */
Tensor* at_native_squeeze(const Tensor* self) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t n = inferSqueezeGeometry(self, -1, sizes, strides);
  return at_as_strided(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), kNoInt);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::squeeze (dim)
 * (NB(minaten): kernel named squeeze_dim, C has no overloading) */
Tensor* at_native_squeeze_dim(const Tensor* self, int64_t dim) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t dims = self->dim;
  dim = maybe_wrap_dim(dim, dims, true);
  TRY(dim >= 0);
  if (dims == 0 || self->sizes[dim] != 1)
    return at_as_strided(self, Tensor_sizes(self), Tensor_strides(self), kNoInt);
  int64_t n = inferSqueezeGeometry(self, dim, sizes, strides);
  return at_as_strided(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), kNoInt);
fail:
  return NULL;
}

/* A new size-1 dimension at `dim` (inferUnsqueezeGeometry, TensorShape.h).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::unsqueeze */
Tensor* at_native_unsqueeze(const Tensor* self, int64_t dim) {
  dim = maybe_wrap_dim(dim, self->dim + 1, true);
  TRY(dim >= 0);
  TRY(check_max_dims(self->dim + 1) == 0);
  InferUnsqueezeGeometryResult g = inferUnsqueezeGeometry(self, dim);
  return Tensor_as_strided(self, IntArrayRef_make(g.sizes, g.dim), IntArrayRef_make(g.strides, g.dim), kNoInt);
fail:
  return NULL;
}

/* ---- alias, lift_fresh ------------------------------------------------------ */

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::alias */
Tensor* at_native_alias(const Tensor* self) {
  return alias_with_sizes_and_strides(self, Tensor_sizes(self), Tensor_strides(self));
}

/* The default lift_fresh is a no-op: torch.tensor() calls it on the tensor
 * it just made, so that modes (functionalization) can wrap it; a trace
 * shows `aten::lift_fresh`.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::lift_fresh */
Tensor* at_native_lift_fresh(const Tensor* self) { return Tensor_retain(self); }

/* A new tensor header over self's data (PyTorch's shallow_copy_and_detach:
 * no dispatch below it, so a trace shows aten::detach alone).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::detach */
Tensor* at_native_detach(const Tensor* self) {
  return Tensor_makeView(self, Tensor_sizes(self), Tensor_strides(self), self->storage_offset);
}

/* ---- the transposes of the last two dims -------------------------------------
 * x.mT, x.mH, x.adjoint() and x.H are transpose(-2, -1) (then conj for the
 * adjoints, a no-op on real tensors), each with its own refusal of what is not a
 * (batch of) matri(ces): mT, mH and adjoint refuse 1-D only, x.H anything but
 * 2-D; a 0-dim tensor is its own transpose for all four (self itself). */

static Tensor* transpose_last_two(const Tensor* self, bool batches, bool conj, const char* name) {
  if (self->dim == 0) return conj ? at_conj(self) : Tensor_retain(self);
  TORCH_CHECK(batches ? self->dim != 1 : self->dim == 2,
              batches ? "%s is only supported on matrices or batches of matrices. Got %lld-D tensor."
                      : "%s is only supported on matrices (2-D tensors). Got %lld-D tensor.%s",
              name, (long long)self->dim,
              !batches && self->dim > 2 ? " For batches of matrices, consider using tensor.mH" : "");
  Tensor* t = at_transpose_int(self, -2, -1);
  if (t == NULL || !conj) return t;
  Tensor* r = at_conj(t); /* the adjoints conjugate a complex matrix */
  Tensor_release(t);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp at::native::mT (_adjoint, transpose) */
Tensor* at_native_mT(const Tensor* self) { return transpose_last_two(self, true, false, "tensor.mT"); }
/* PyTorch 1.13: TensorShape.cpp at::native::mH (_adjoint) */
Tensor* at_native_mH(const Tensor* self) { return transpose_last_two(self, true, true, "tensor.mH"); }
/* PyTorch 1.13: TensorShape.cpp at::native::adjoint (_adjoint) */
Tensor* at_native_adjoint(const Tensor* self) { return transpose_last_two(self, true, true, "tensor.adjoint()"); }
/* PyTorch 1.13: TensorShape.cpp at::native::matrix_H */
Tensor* at_native_matrix_H(const Tensor* self) { return transpose_last_two(self, false, true, "tensor.H"); }

/* PyTorch 1.13: TensorShape.cpp at::native::ravel (contiguous, then view(-1)) */
Tensor* at_native_ravel(const Tensor* self) {
  Tensor* c = at_contiguous(self, MemoryFormat_Contiguous);
  if (c == NULL) return NULL;
  int64_t all = -1;
  Tensor* r = at_view(c, IntArrayRef_make(&all, 1));
  Tensor_release(c);
  return r;
}
