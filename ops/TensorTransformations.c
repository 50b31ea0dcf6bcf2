/*
 * TensorTransformations.c - flip, roll, rot90 and repeat: copies that
 * rearrange elements.
 *
 * flip reverses the order along some dimensions; its result is laid out like
 * self (empty_like, so a transposed input gives a transposed result).
 * repeat tiles self: the result has self's sizes (padded with leading 1s to
 * the number of repeats) times the repeats, contiguous.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorTransformations.cpp (flip, roll, atleast_*d),
 * TensorShape.cpp (repeat)
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
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

/*
 * flip's walk, as 1.13 builds it: a TensorIterator over out, self and a
 * dummy input (self restrided with stride 0 along the flipped dimensions,
 * so that they are not coalesced with the others); then, on each dimension
 * of the iterator where the dummy has stride 0 and self does not, out's
 * pointer moves to the opposite end and its stride is negated, so that a
 * plain copy from self writes the elements mirrored.  Strides in bytes,
 * over self's shape.
 * PyTorch 1.13: TensorTransformations.cpp flip (its TensorIterator),
 * native/cpu/IndexKernel.cpp flip_kernel (cpu_kernel_vec: a copy of input 0)
 */
static void flip_kernel(Tensor* out, const Tensor* self, const int64_t* out_strides, const int64_t* self_strides,
                        const int64_t* dummy_strides) {
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(out), Tensor_data(self), Tensor_data(self)};
  const int64_t* strides[3] = {out_strides, self_strides, dummy_strides};
  TensorIterator_initStrided(&iter, data, strides, 3, self->sizes, self->dim);
  for (int64_t i = 0; i < iter.ndim; i++) {
    int64_t* stride_out = &iter.strides[i * 3];
    if (iter.strides[i * 3 + 2] == 0 && iter.strides[i * 3 + 1] != 0) {
      iter.data[0] += *stride_out * (iter.shape[i] - 1);
      *stride_out = -*stride_out;
    }
  }
  CopyLoop c = CopyLoop_make(self->dtype, self->dtype, 3, false);
  TensorIterator_for_each(&iter, copy_loop2d, &c, AT_GRAIN_SIZE);
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
  /* The dimensions with work to do get stride 0 in the dummy input. */
  int64_t item = (int64_t)Tensor_itemsize(self);
  int64_t out_strides[MINATEN_MAX_DIM], self_strides[MINATEN_MAX_DIM], dummy_strides[MINATEN_MAX_DIM];
  int n = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    out_strides[d] = mul_wrap(out->strides[d], item);
    self_strides[d] = mul_wrap(self->strides[d], item);
    bool work = flipped[d] && self->sizes[d] > 1 && self->strides[d] != 0;
    dummy_strides[d] = work ? 0 : self_strides[d];
    n += work;
  }
  if (n == 0 || self->numel <= 1) { /* nothing to do: out.copy_(self) */
    if (copy_into(out, self) < 0) {
      Tensor_release(out);
      return NULL;
    }
    return out;
  }
  flip_kernel(out, self, out_strides, self_strides, dummy_strides);
  return out;
}

/* repeat's copy into out (not empty) of self, its sizes padded with
 * leading 1s to padded (their strides pstrides, in elements): urtensor,
 * the result unfolded along each dimension d into repeats[d] blocks of
 * padded[d] elements ([repeats..., padded...], each block dimension's
 * stride the element stride times padded[d]), and
 * copy_(xtensor.expand_as(urtensor)): self's padded strides over the
 * element dimensions, 0 over the block ones.  The size-1 dimensions are
 * left out (a copy's walk skips them), so that at most 62 remain.
 * PyTorch 1.13: TensorShape.cpp repeat (unfold, copy_) */
static void repeat_copy(Tensor* out, const Tensor* self, IntArrayRef repeats, const int64_t* padded,
                        const int64_t* pstrides) {
  int64_t n = (int64_t)repeats.size, item = (int64_t)Tensor_itemsize(self);
  int64_t shape[MINATEN_MAX_DIM], out_strides[MINATEN_MAX_DIM], src_strides[MINATEN_MAX_DIM], m = 0;
  for (int64_t d = 0; d < n; d++)
    if (repeats.data[d] != 1) {
      shape[m] = repeats.data[d];
      out_strides[m] = out->strides[d] * padded[d] * item;
      src_strides[m++] = 0;
    }
  for (int64_t d = 0; d < n; d++)
    if (padded[d] != 1) {
      shape[m] = padded[d];
      out_strides[m] = out->strides[d] * item;
      src_strides[m++] = pstrides[d] * item;
    }
  copy_as_strided(Tensor_data(out), out_strides, Tensor_data(self), src_strides, shape, m, self->dtype);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::repeat
 * (NB(minaten): the unfolded views of the result and the expanded self are
 * not made as tensors: their strides go to copy_'s walk directly, and the
 * views' numel check is kept) */
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
  repeat_copy(out, self, repeats, padded, pstrides);
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

/* One roll along dim d by shift (in [1, size)): out = cat(in.narrow(d,
 * size - shift, shift), in.narrow(d, 0, size - shift)) along d, the two
 * pieces copied into their places in out.  Strides in bytes.
 * PyTorch 1.13: TensorTransformations.cpp roll_cpu (narrow, cat) */
static void roll_dim(char* out, const int64_t* out_strides, const char* in, const int64_t* in_strides,
                     const Tensor* self, int64_t d, int64_t shift) {
  int64_t size = self->sizes[d], start = size - shift;
  int64_t shape[MINATEN_MAX_DIM];
  memcpy(shape, self->sizes, (size_t)self->dim * sizeof(int64_t));
  shape[d] = size - start; /* t0 = in.narrow(d, start, size - start), first in out */
  copy_as_strided(out, out_strides, in + start * in_strides[d], in_strides, shape, self->dim, self->dtype);
  shape[d] = start; /* t1 = in.narrow(d, 0, start), after it */
  copy_as_strided(out + (size - start) * out_strides[d], out_strides, in, in_strides, shape, self->dim, self->dtype);
}

/* Fills out (contiguous, self's sizes) with self rolled by shift[d] along
 * each dimension d, one dimension after the other as roll_common rolls
 * them (the rolls in between into tmp, contiguous, or out itself).  0, or
 * -1 with the error set.
 * PyTorch 1.13: TensorTransformations.cpp roll_common */
static int roll_into(Tensor* out, const Tensor* self, const int64_t* shift) {
  int64_t dims[MINATEN_MAX_DIM], k = 0;
  for (int64_t d = 0; d < self->dim; d++)
    if (shift[d] != 0) dims[k++] = d;
  if (k == 0) return copy_into(out, self);
  Tensor* tmp = NULL;
  if (k > 1 && (tmp = empty_cpu(Tensor_sizes(self), self->dtype)) == NULL) return -1;
  int64_t item = (int64_t)Tensor_itemsize(self);
  int64_t self_strides[MINATEN_MAX_DIM], contiguous[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < self->dim; d++) {
    self_strides[d] = self->strides[d] * item;
    contiguous[d] = out->strides[d] * item; /* out and tmp: the same contiguous strides */
  }
  const char* in = Tensor_data(self);
  const int64_t* in_strides = self_strides;
  for (int64_t i = 0; i < k; i++) {
    char* dst = (k - 1 - i) % 2 == 0 ? Tensor_data(out) : Tensor_data(tmp); /* the last into out */
    roll_dim(dst, contiguous, in, in_strides, self, dims[i], shift[dims[i]]);
    in = dst;
    in_strides = contiguous;
  }
  Tensor_release(tmp);
  return 0;
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
  if (roll_into(out, self, shift) < 0) {
    Tensor_release(out);
    return NULL;
  }
  return out;
fail:
  return NULL;
}

/* ---- atleast_1d, atleast_2d, atleast_3d ----------------------------------------
 * CompositeImplicitAutograd: a tensor with enough dimensions is returned
 * itself; a smaller one is reshaped (0-dim: aten::_reshape_alias in a trace)
 * or unsqueezed (aten::unsqueeze, once or twice).  The Sequence forms apply
 * the same kernel to each tensor, undispatched. */

/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_1d (Tensor) */
Tensor* at_native_atleast_1d(const Tensor* self) {
  static const int64_t one[1] = {1};
  return self->dim == 0 ? at_reshape(self, IntArrayRef_make(one, 1)) : Tensor_retain(self);
}

/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_2d (Tensor) */
Tensor* at_native_atleast_2d(const Tensor* self) {
  static const int64_t ones[2] = {1, 1};
  switch (self->dim) {
    case 0:
      return at_reshape(self, IntArrayRef_make(ones, 2));
    case 1:
      return at_unsqueeze(self, 0);
    default:
      return Tensor_retain(self);
  }
}

/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_3d (Tensor) */
Tensor* at_native_atleast_3d(const Tensor* self) {
  static const int64_t ones[3] = {1, 1, 1};
  switch (self->dim) {
    case 0:
      return at_reshape(self, IntArrayRef_make(ones, 3));
    case 1: {
      Tensor* row = at_unsqueeze(self, 0);
      if (row == NULL) return NULL;
      Tensor* r = at_unsqueeze(row, -1);
      Tensor_release(row);
      return r;
    }
    case 2:
      return at_unsqueeze(self, -1);
    default:
      return Tensor_retain(self);
  }
}

/* The kernel applied to each tensor: a new list, one reference per
 * tensor, or {NULL, 0} with the error set. */
static TensorList atleast_each(TensorList tensors, Tensor* (*atleast)(const Tensor*)) {
  static const TensorList kNoList = {NULL, 0};
  Tensor** items = calloc(tensors.size > 0 ? tensors.size : 1, sizeof(Tensor*));
  if (items == NULL) {
    Error_set(ErrorType_RuntimeError, "std::bad_alloc");
    return kNoList;
  }
  for (size_t i = 0; i < tensors.size; i++) {
    items[i] = atleast(tensors.data[i]);
    if (items[i] == NULL) {
      TensorList_releaseAll((TensorList){items, i});
      return kNoList;
    }
  }
  TensorList r = {items, tensors.size};
  return r;
}

/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_1d (TensorList) */
TensorList at_native_atleast_1d_Sequence(TensorList tensors) { return atleast_each(tensors, at_native_atleast_1d); }
/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_2d (TensorList) */
TensorList at_native_atleast_2d_Sequence(TensorList tensors) { return atleast_each(tensors, at_native_atleast_2d); }
/* PyTorch 1.13: TensorTransformations.cpp at::native::atleast_3d (TensorList) */
TensorList at_native_atleast_3d_Sequence(TensorList tensors) { return atleast_each(tensors, at_native_atleast_3d); }

/* PyTorch 1.13: TensorTransformations.cpp fliplr: self.flip({1}) */
Tensor* at_native_fliplr(const Tensor* self) {
  int64_t dim = 1;
  TORCH_CHECK(self->dim >= 2, "Input must be >= 2-d.");
  return at_flip(self, IntArrayRef_make(&dim, 1));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorTransformations.cpp flipud: self.flip({0}) */
Tensor* at_native_flipud(const Tensor* self) {
  int64_t dim = 0;
  TORCH_CHECK(self->dim >= 1, "Input must be >= 1-d.");
  return at_flip(self, IntArrayRef_make(&dim, 1));
fail:
  return NULL;
}

/* self rotated k quarter turns in the plane of dims (from dims[0] towards
 * dims[1]): a flip of dims[1] then transpose_ for one turn, a flip of both
 * for two, a flip of dims[0] then transpose_ for three, and a contiguous
 * clone for none (k taken modulo 4, a negative k turning back).  The checks
 * are 1.13's, in its order; the dims' difference is taken as int64
 * arithmetic wraps, as 1.13's std::abs(dims[0] - dims[1]) does on x86-64.
 * PyTorch 1.13: TensorTransformations.cpp at::native::rot90 */
Tensor* at_native_rot90(const Tensor* self, int64_t k, IntArrayRef dims) {
  const int64_t total_dims = self->dim, total_rot_dims = (int64_t)dims.size;
  TORCH_CHECK(total_rot_dims == 2, "expected total rotation dims == 2, but got dims = %" PRId64, total_rot_dims);
  TORCH_CHECK(total_dims >= 2, "expected total dims >= 2, but got total dims = %" PRId64, total_dims);
  int64_t d0 = dims.data[0], d1 = dims.data[1], diff = sub_wrap(d0, d1);
  int64_t abs_diff = diff < 0 && diff != INT64_MIN ? -diff : diff; /* std::abs(INT64_MIN) stays INT64_MIN */
  TORCH_CHECK(d0 != d1 && abs_diff != total_dims,
              "expected rotation dims to be different, but got dim0 = %" PRId64 " and dim1 = %" PRId64, d0, d1);
  TORCH_CHECK(d0 < total_dims && d0 >= -total_dims, "Rotation dim0 out of range, dim0 = %" PRId64, d0);
  TORCH_CHECK(d1 < total_dims && d1 >= -total_dims, "Rotation dim1 out of range, dim1 = %" PRId64, d1);
  k = (4 + (k % 4)) % 4;
  if (k == 0) return at_clone(self, (OptionalMemoryFormat){true, MemoryFormat_Contiguous});
  if (k == 2) return at_flip(self, dims);
  Tensor* flipped = at_flip(self, IntArrayRef_make(k == 1 ? &dims.data[1] : &dims.data[0], 1));
  TRY(flipped != NULL);
  Tensor* r = at_transpose_(flipped, d0, d1);
  Tensor_release(flipped);
  return r;
fail:
  return NULL;
}

/* reps with 1s in front up to self's dims (numpy.tile's rule: a (2, 2) on
 * a 4-d tensor is (1, 1, 2, 2)), then repeat.
 * PyTorch 1.13: TensorShape.cpp tile */
Tensor* at_native_tile(const Tensor* self, IntArrayRef reps) {
  int64_t size_diff = self->dim - (int64_t)reps.size;
  if (size_diff <= 0) return at_repeat(self, reps);
  int64_t new_reps[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < size_diff; i++) new_reps[i] = 1;
  for (size_t i = 0; i < reps.size; i++) new_reps[size_diff + (int64_t)i] = reps.data[i];
  return at_repeat(self, IntArrayRef_make(new_reps, (size_t)self->dim));
}
