/*
 * TensorTransformations.c - flip, roll and repeat: copies that rearrange
 * elements.
 *
 * flip reverses the order along some dimensions; its result is laid out like
 * self (empty_like, so a transposed input gives a transposed result).
 * repeat tiles self: the result has self's sizes (padded with leading 1s to
 * the number of repeats) times the repeats, contiguous.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorTransformations.cpp (flip, roll),
 * TensorShape.cpp (repeat)
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/TensorUtils.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* 1.13's flip views self with stride 0 on every flipped dim of size > 1 and
 * nonzero stride (`self.as_strided(self.sizes(), strides)`) when there is
 * work to do; for a quantized self that view goes through
 * as_strided_qtensorimpl, which refuses a per-channel tensor ("Setting
 * strides is possible only on uniformly quantized tensor").  minaten reads
 * self directly, and makes the view only for that check.  0 or -1. */
static int restride_quantized(const Tensor* self, const bool* flipped) {
  int64_t strides[MINATEN_MAX_DIM];
  int n = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    strides[d] = self->strides[d];
    if (flipped[d] && self->sizes[d] > 1 && self->strides[d] != 0) {
      n++;
      strides[d] = 0;
    }
  }
  if (n == 0 || self->numel <= 1) return 0;
  Tensor* v = at_as_strided(self, Tensor_sizes(self), IntArrayRef_make(strides, (size_t)self->dim), kNoInt);
  Tensor_release(v);
  return v != NULL ? 0 : -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorTransformations.cpp at::native::flip
 * (CPU and QuantizedCPU: the integers of a quantized tensor are moved as
 * they are, and the result has self's quantizer through empty_like) */
Tensor* at_native_flip(const Tensor* self, IntArrayRef dims) {
  bool flipped[MINATEN_MAX_DIM] = {false};
  bool scalar_seen = false; /* dim_list_to_bitset: "dim 0" of a 0-dim tensor, once */
  for (size_t i = 0; i < dims.size; i++) {
    int64_t d = maybe_wrap_dim(dims.data[i], self->dim, true);
    if (d < 0) return NULL;
    bool* seen = self->dim > 0 ? &flipped[d] : &scalar_seen;
    if (*seen) {
      Error_set(ErrorType_RuntimeError, "dim %lld appears multiple times in the list of dims", (long long)d);
      return NULL;
    }
    *seen = true;
  }
  if (Tensor_isQuantized(self) && restride_quantized(self, flipped) < 0) return NULL;
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* out = at_empty_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, preserve);
  if (out == NULL || out->numel == 0 || MetaMode_isEnabled()) return out;
  /* out[i] = self[i with the flipped coordinates mirrored], in row-major order */
  size_t size = Tensor_itemsize(self);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t n = 0; n < out->numel; n++) {
    int64_t so = 0, oo = 0;
    for (int64_t d = 0; d < self->dim; d++) {
      int64_t c = flipped[d] ? self->sizes[d] - 1 - idx[d] : idx[d];
      so += c * self->strides[d];
      oo += idx[d] * out->strides[d];
    }
    memcpy(Tensor_data(out) + oo * (int64_t)size, Tensor_data(self) + so * (int64_t)size, size);
    for (int64_t d = self->dim - 1; d >= 0; d--) {
      if (++idx[d] < self->sizes[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::repeat
 * (NB(minaten): the elements are copied directly, not through unfolded views
 * of the result; only the views' numel check is kept) */
Tensor* at_native_repeat(const Tensor* self, IntArrayRef repeats) {
  TORCH_CHECK((int64_t)repeats.size >= self->dim,
              "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  int64_t n = (int64_t)repeats.size, pad = n - self->dim;
  int64_t padded[MINATEN_MAX_DIM], target[MINATEN_MAX_DIM], pstrides[MINATEN_MAX_DIM];
  TRY(check_max_dims(n) == 0);
  for (int64_t d = 0; d < n; d++) {
    padded[d] = d < pad ? 1 : self->sizes[d - pad];
    pstrides[d] = d < pad ? 0 : self->strides[d - pad];
    target[d] = mul_wrap(padded[d], repeats.data[d]); /* wraps as PyTorch's does */
  }
  /* self.expand(padded_size): as_strided_qtensorimpl; per-channel strides cannot be set. */
  TRY(self->quantizer == NULL || get_qtensorimpl_quantizer(self) != NULL);
  TRY(Quantizer_checkKnown(self->quantizer, "qscheme") == 0);
  TORCH_CHECK(self->quantizer == NULL || self->quantizer->qscheme == QScheme_PerTensorAffine,
              "Setting strides is possible only on uniformly quantized tensor");
  /* at::empty(IntArrayRef) converts the sizes to SymInts: a wrapped size
   * in [-2**63, -2**62) is refused there. */
  TRY(SymInt_checkArrayRef(IntArrayRef_make(target, (size_t)n)) == 0);
  Tensor* out;
  if (Tensor_isQuantized(self)) {
    OptionalScalarType no_dtype = {false, ScalarType_Undefined};
    OptionalDevice no_device = {false, self->device};
    out = at_empty_quantized(IntArrayRef_make(target, (size_t)n), self, no_dtype, kNoLayout, no_device,
                             kNoPinMemory, kNoMemoryFormat);
  } else {
    OptionalScalarType dtype = {true, self->dtype};
    OptionalDevice device = {true, self->device};
    out = at_empty_memory_format(IntArrayRef_make(target, (size_t)n), dtype, kNoLayout, device, kNoPinMemory,
                                 kNoMemoryFormat);
  }
  if (out == NULL || MetaMode_isEnabled()) return out;
  bool zero_tensor = false;
  for (int64_t d = 0; d < n; d++) zero_tensor |= repeats.data[d] == 0;
  if (out->numel == 0) {
    /* PyTorch then unfolds an alias of the result once per dimension unless
     * a repeat is 0: dimension d becomes (target - size) / max(size, 1) + 1
     * and a new last dimension of self's size d is appended.  With no
     * element, the sizes of one of those views may overflow numel's check
     * (ones(0, 2**62, 4).repeat(2, 1, 1)). */
    int64_t view[2 * MINATEN_MAX_DIM];
    memcpy(view, target, (size_t)n * sizeof(int64_t));
    for (int64_t d = 0; d < n && !zero_tensor; d++) {
      int64_t size_d = padded[d], step = size_d > 1 ? size_d : 1;
      if (size_d > view[d]) { /* a target size that wrapped to 0 */
        Error_set(ErrorType_RuntimeError, "maximum size for tensor at dimension %lld is %lld but size is %lld",
                  (long long)d, (long long)view[d], (long long)size_d);
        Tensor_release(out);
        return NULL;
      }
      view[d] = sub_wrap(view[d], size_d) / step + 1;
      view[n + d] = size_d;
      if (check_numel(IntArrayRef_make(view, (size_t)(n + d + 1))) < 0) {
        Tensor_release(out);
        return NULL;
      }
    }
    return out;
  }
  /* out[i] = self[i mod self's (padded) sizes] */
  size_t size = Tensor_itemsize(self);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  char* o = Tensor_data(out);
  for (int64_t k = 0; k < out->numel; k++, o += size) {
    int64_t so = 0;
    for (int64_t d = 0; d < n; d++) so += (idx[d] % padded[d]) * pstrides[d];
    memcpy(o, Tensor_data(self) + so * (int64_t)size, size);
    for (int64_t d = n - 1; d >= 0; d--) {
      if (++idx[d] < target[d]) break;
      idx[d] = 0;
    }
  }
  return out;
fail:
  return NULL;
}

/* ---- roll ------------------------------------------------------------------
 * roll shifts the elements along some dimensions, those pushed past the end
 * coming back at the start.  Without dims, the tensor is rolled as if
 * flattened; shifts and dims otherwise pair up, and rolling along several
 * dimensions is one roll after the other (so a repeated dim adds its
 * shifts).  The result is contiguous: 1.13 builds it with cat of two
 * narrowed pieces (an empty self gives a clone that keeps its layout).  The
 * rolls it makes in turn are below the trace: one aten::roll shows. */

/* Fills out (contiguous, self's sizes) with self rolled by shift[d] along
 * each dimension d. */
static void roll_into(Tensor* out, const Tensor* self, const int64_t* shift) {
  size_t size = Tensor_itemsize(self);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t n = 0; n < out->numel; n++) {
    int64_t so = 0;
    for (int64_t d = 0; d < self->dim; d++) {
      int64_t c = idx[d] - shift[d];
      if (c < 0) c += self->sizes[d];
      so += c * self->strides[d];
    }
    memcpy(Tensor_data(out) + n * (int64_t)size, Tensor_data(self) + so * (int64_t)size, size);
    for (int64_t d = self->dim - 1; d >= 0; d--) {
      if (++idx[d] < self->sizes[d]) break;
      idx[d] = 0;
    }
  }
}

/* PyTorch 1.13: aten/src/ATen/native/TensorTransformations.cpp at::native::roll_cpu, roll_common */
Tensor* at_native_roll_cpu(const Tensor* self, IntArrayRef shifts, IntArrayRef dims) {
  TORCH_CHECK(shifts.size > 0, "`shifts` required");
  int64_t shift[MINATEN_MAX_DIM] = {0};
  bool flat = dims.size == 0 && shifts.size == 1;
  TORCH_CHECK(flat || shifts.size == dims.size, "shifts and dimensions must align. shifts: %zu, dims:%zu", shifts.size,
              dims.size);
  if (self->numel == 0) { /* before any dim is looked at */
    OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
    return at_clone(self, preserve);
  }
  for (size_t i = 0; i < dims.size; i++) {
    /* self.size(dim): no wrapping of a scalar, so a 0-dim self has no dim
     * to roll ("Dimension specified as 0 but tensor has no dimensions") */
    int64_t d = maybe_wrap_dim(dims.data[i], self->dim, false);
    if (d < 0) return NULL;
    int64_t n = self->sizes[d];
    shift[d] = ((shift[d] + shifts.data[i]) % n + n) % n;
  }
  Tensor* out = empty_cpu(Tensor_sizes(self), self->dtype);
  if (out == NULL || MetaMode_isEnabled()) return out;
  if (flat) {
    /* the flattened roll: element n of the row-major order moves to n + shift */
    int64_t s = (shifts.data[0] % self->numel + self->numel) % self->numel;
    Tensor* src = self->is_contiguous ? Tensor_retain(self) : empty_cpu(Tensor_sizes(self), self->dtype);
    if (src != self && (src == NULL || copy_into(src, self) < 0)) {
      Tensor_release(src);
      Tensor_release(out);
      return NULL;
    }
    size_t size = Tensor_itemsize(self);
    char* o = Tensor_data(out);
    const char* p = Tensor_data(src);
    memcpy(o + s * (int64_t)size, p, (size_t)(self->numel - s) * size);
    memcpy(o, p + (self->numel - s) * (int64_t)size, (size_t)s * size);
    Tensor_release(src);
    return out;
  }
  roll_into(out, self, shift);
  return out;
fail:
  return NULL;
}
