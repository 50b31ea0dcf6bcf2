/*
 * Copy.c - copy_: write src's values into self, broadcasting src and
 * converting dtypes, for any strides (stride 0, offsets, overlap checks).
 *
 * The loop walks self's shape in row-major order with one index per
 * dimension; src is read through strides broadcast to self's shape (0 for a
 * broadcast dimension).  Fast paths: when both are contiguous with the same
 * dtype and shape, one memcpy; with the same dtype, a strided loop that
 * moves whole elements by size; otherwise each element is converted through
 * int64 or double as PyTorch's casts do (see `store_from_double`).
 *
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl, TensorIterator's
 * overlap and broadcast checks (MemoryOverlap.cpp, TensorIterator.cpp)
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* ---- element conversion -------------------------------------------------
 * PyTorch converts with C++ static_cast, whose out-of-range float->int
 * results are undefined; on x86 (Debian's build) they are what the cvtt
 * instructions produce, and narrow integer types go through int32 first.
 * minaten computes the same results without undefined behaviour. */

/* x86 cvttsd2si: truncate, or INT64_MIN when out of range or NaN. */
static int64_t double_to_int64(double d) {
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)d;
}
/* x86 cvttsd2si with a 32-bit destination. */
static int32_t double_to_int32(double d) {
  if (!(d > -2147483649.0 && d < 2147483648.0)) return INT32_MIN;
  return (int32_t)d;
}

static void store_from_int64(ScalarType t, char* p, int64_t v) {
  switch (t) {
    case ScalarType_Byte: *(uint8_t*)p = (uint8_t)v; break;
    case ScalarType_Char: *(int8_t*)p = (int8_t)(uint8_t)v; break;
    case ScalarType_Short: *(int16_t*)p = (int16_t)(uint16_t)v; break;
    case ScalarType_Int: *(int32_t*)p = (int32_t)(uint32_t)v; break;
    case ScalarType_Long: *(int64_t*)p = v; break;
    case ScalarType_Float: *(float*)p = (float)v; break;
    case ScalarType_Double: *(double*)p = (double)v; break;
    case ScalarType_Bool: *(bool*)p = v != 0; break;
    default: TORCH_INTERNAL_ASSERT(!"store_from_int64: quantized dtype");
  }
}

void store_from_double(ScalarType t, char* p, double v) {
  switch (t) {
    case ScalarType_Float: *(float*)p = (float)v; break;
    case ScalarType_Double: *(double*)p = v; break;
    case ScalarType_Bool: *(bool*)p = v != 0; break;
    case ScalarType_Long: *(int64_t*)p = double_to_int64(v); break;
    default: store_from_int64(t, p, double_to_int32(v)); break;
  }
}

void store_scalar(ScalarType t, char* p, Scalar s) {
  if (s.tag == ScalarTag_Double)
    store_from_double(t, p, s.v.d);
  else
    store_from_int64(t, p, s.v.i);
}

/* Scalar::to<T>'s overflow check: the integer limits of a dtype and the C++
 * type name PyTorch's message uses.  PyTorch 1.13: c10/util/TypeCast.h
 * checked_convert, c10/util/Half.h overflows */
static bool integer_limits(ScalarType t, double* lo, double* hi, const char** name) {
  switch (t) {
    case ScalarType_Byte: *lo = 0, *hi = 255, *name = "uint8_t"; return true;
    case ScalarType_Char: *lo = -128, *hi = 127, *name = "int8_t"; return true;
    case ScalarType_Short: *lo = -32768, *hi = 32767, *name = "int16_t"; return true;
    case ScalarType_Int: *lo = -2147483648.0, *hi = 2147483647.0, *name = "int"; return true;
    case ScalarType_Long: *lo = -9223372036854775808.0, *hi = 9223372036854775807.0, *name = "int64_t"; return true;
    default: return false;
  }
}

int store_scalar_checked(ScalarType t, char* p, Scalar s) {
  double lo, hi;
  const char* name = "float";
  bool overflow = false;
  if (s.tag == ScalarTag_Bool || t == ScalarType_Bool || t == ScalarType_Double) {
    overflow = false;
  } else if (t == ScalarType_Float) {
    overflow = s.tag == ScalarTag_Double && !isinf(s.v.d) && !isnan(s.v.d) &&
               (s.v.d < -3.4028234663852886e38 || s.v.d > 3.4028234663852886e38);
  } else if (integer_limits(t, &lo, &hi, &name)) {
    if (s.tag == ScalarTag_Double) {
      /* No NaN or infinity in integers; 2^63 itself does not fit int64. */
      overflow = isnan(s.v.d) || s.v.d < lo || s.v.d > hi ||
                 (t == ScalarType_Long && s.v.d >= 9223372036854775808.0);
    } else if (lo == 0) {
      /* Unsigned: negative values may wrap, as in two's complement arithmetic. */
      overflow = (double)s.v.i > hi || (s.v.i < 0 && (s.v.i == INT64_MIN || (double)-s.v.i > hi));
    } else {
      overflow = (double)s.v.i < lo || (double)s.v.i > hi;
    }
  }
  if (overflow) {
    Error_set(ErrorType_RuntimeError, "value cannot be converted to type %s without overflow", name);
    return -1;
  }
  store_scalar(t, p, s);
  return 0;
}

void convert_element(ScalarType dt, char* dst, ScalarType st, const char* src) {
  switch (st) {
    case ScalarType_Float: store_from_double(dt, dst, *(const float*)src); break;
    case ScalarType_Double: store_from_double(dt, dst, *(const double*)src); break;
    case ScalarType_Byte: store_from_int64(dt, dst, *(const uint8_t*)src); break;
    case ScalarType_Char: store_from_int64(dt, dst, *(const int8_t*)src); break;
    case ScalarType_Short: store_from_int64(dt, dst, *(const int16_t*)src); break;
    case ScalarType_Int: store_from_int64(dt, dst, *(const int32_t*)src); break;
    case ScalarType_Long: store_from_int64(dt, dst, *(const int64_t*)src); break;
    case ScalarType_Bool: store_from_int64(dt, dst, *(const bool*)src); break;
    default: TORCH_INTERNAL_ASSERT(!"convert_element: quantized dtype");
  }
}

/* ---- checks ------------------------------------------------------------ */

/* PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp has_internal_overlap (the YES case) */
static bool has_internal_overlap(const Tensor* t) {
  if (Tensor_isNonOverlappingAndDense(t)) return false;
  for (int64_t i = 0; i < t->dim; i++)
    if (t->sizes[i] > 1 && t->strides[i] == 0) return true;
  return false;
}

/* PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp get_overlap_status == PARTIAL */
static bool has_partial_overlap(const Tensor* a, const Tensor* b) {
  if (a == b || a->numel == 0 || b->numel == 0 || a->storage != b->storage) return false;
  if (!Tensor_isNonOverlappingAndDense(a) || !Tensor_isNonOverlappingAndDense(b)) return false;
  const char* a_start = Tensor_data(a);
  const char* b_start = Tensor_data(b);
  const char* a_end = a_start + a->numel * (int64_t)Tensor_itemsize(a);
  const char* b_end = b_start + b->numel * (int64_t)Tensor_itemsize(b);
  if (a_start == b_start && a_end == b_end) return false;
  return a_start < b_end && b_start < a_end;
}

/*
 * src's strides broadcast to self's shape (0 where src has size 1 or no
 * dimension).  Sets PyTorch's broadcast errors and returns -1 on mismatch.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size_impl + TensorIterator compute_shape
 */
static int broadcast_src_strides(const Tensor* self, const Tensor* src, int64_t* src_strides) {
  int64_t ndim = self->dim > src->dim ? self->dim : src->dim;
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t off = ndim - 1 - i;
    int64_t ds = self->dim - 1 - off, dsrc = src->dim - 1 - off;
    int64_t size_a = ds >= 0 ? self->sizes[ds] : 1;
    int64_t size_b = dsrc >= 0 ? src->sizes[dsrc] : 1;
    TORCH_CHECK(size_a == size_b || size_a == 1 || size_b == 1,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at "
                "non-singleton dimension %lld",
                (long long)size_a, (long long)size_b, (long long)i);
  }
  if (ndim > self->dim) goto shape_mismatch;
  for (int64_t i = 0; i < self->dim; i++) {
    int64_t dsrc = i - (self->dim - src->dim);
    if (dsrc < 0 || src->sizes[dsrc] == 1) {
      src_strides[i] = 0;
    } else {
      if (self->sizes[i] != src->sizes[dsrc]) goto shape_mismatch;
      src_strides[i] = src->strides[dsrc];
    }
  }
  return 0;
shape_mismatch: {
  int64_t shape[MINATEN_MAX_DIM];
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t off = ndim - 1 - i;
    int64_t ds = self->dim - 1 - off, dsrc = src->dim - 1 - off;
    int64_t a = ds >= 0 ? self->sizes[ds] : 1, b = dsrc >= 0 ? src->sizes[dsrc] : 1;
    shape[i] = a == 1 ? b : a;
  }
  char b1[256], b2[256];
  Error_set(ErrorType_RuntimeError, "output with shape %s doesn't match the broadcast shape %s",
            IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1),
            IntArrayRef_format(IntArrayRef_make(shape, (size_t)ndim), b2, sizeof b2));
  return -1;
}
fail:
  return -1;
}

/* ---- the loop ---------------------------------------------------------- */

/*
 * Copies an R x C block whose source is read across its rows (a transposed
 * source): tile by tile, so that both the reads and the writes of a tile stay
 * within a few cache lines.  Strides are in bytes.
 * PyTorch 1.13: aten/src/ATen/native/cpu/CopyKernel.cpp (transpose_copy_kernel's blocking)
 */
/* 8 x 8: a power-of-two row pitch maps every row of a tile to the same
 * L1 set, so a tile may not have more rows than the cache's 8 ways. */
enum { kTile = 8 };
static void tiled_copy_2d(char* d, const char* s, int64_t rows, int64_t cols, int64_t d_row, int64_t d_col,
                          int64_t s_row, int64_t s_col, size_t size) {
  for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
    int64_t r1 = r0 + kTile < rows ? r0 + kTile : rows;
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      int64_t c1 = c0 + kTile < cols ? c0 + kTile : cols;
      for (int64_t r = r0; r < r1; r++) {
        for (int64_t c = c0; c < c1; c++) {
          char* dp = d + r * d_row + c * d_col;
          const char* sp = s + r * s_row + c * s_col;
          switch (size) {
            case 1: *dp = *sp; break;
            case 2: memcpy(dp, sp, 2); break;
            case 4: memcpy(dp, sp, 4); break;
            default: memcpy(dp, sp, 8); break;
          }
        }
      }
    }
  }
}

/* Same dtype, at least 2-D, the source's last dimension not its fastest
 * but the destination's is: the transposed case tiling helps. */
static bool wants_tiles(const Tensor* self, const Tensor* src, const int64_t* src_strides) {
  int64_t n = self->dim;
  if (self->dtype != src->dtype || n < 2 || self->sizes[n - 1] < kTile || self->sizes[n - 2] < kTile) return false;
  return src_strides[n - 1] > src_strides[n - 2] && self->strides[n - 1] <= self->strides[n - 2];
}

static void tiled_copy(const Tensor* self, const Tensor* src, const int64_t* src_strides) {
  int64_t n = self->dim;
  int64_t size = (int64_t)Tensor_itemsize(self);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  int64_t outer = self->numel / (self->sizes[n - 1] * self->sizes[n - 2]);
  char* d = Tensor_data(self);
  const char* s = Tensor_data(src);
  for (int64_t o = 0; o < outer; o++) {
    tiled_copy_2d(d, s, self->sizes[n - 2], self->sizes[n - 1], self->strides[n - 2] * size,
                  self->strides[n - 1] * size, src_strides[n - 2] * size, src_strides[n - 1] * size, (size_t)size);
    for (int64_t k = n - 3; k >= 0; k--) {
      d += self->strides[k] * size;
      s += src_strides[k] * size;
      if (++idx[k] < self->sizes[k]) break;
      d -= self->strides[k] * self->sizes[k] * size;
      s -= src_strides[k] * self->sizes[k] * size;
      idx[k] = 0;
    }
  }
}

/* Copies element by element in self's row-major order. */
static void strided_copy(const Tensor* self, const Tensor* src, const int64_t* src_strides) {
  int64_t dim = self->dim;
  int64_t idx[MINATEN_MAX_DIM] = {0};
  size_t dsize = Tensor_itemsize(self), ssize = Tensor_itemsize(src);
  char* d = Tensor_data(self);
  const char* s = Tensor_data(src);
  bool same_dtype = self->dtype == src->dtype;
  int64_t inner = dim ? self->sizes[dim - 1] : 1;
  int64_t dstep = dim ? self->strides[dim - 1] * (int64_t)dsize : 0;
  int64_t sstep = dim ? src_strides[dim - 1] * (int64_t)ssize : 0;
  for (int64_t done = 0; done < self->numel; done += inner) {
    /* The innermost dimension, as one tight loop. */
    char* dp = d;
    const char* sp = s;
    if (same_dtype) {
      switch (dsize) {
        case 1: for (int64_t i = 0; i < inner; i++, dp += dstep, sp += sstep) *dp = *sp; break;
        case 2: for (int64_t i = 0; i < inner; i++, dp += dstep, sp += sstep) memcpy(dp, sp, 2); break;
        case 4: for (int64_t i = 0; i < inner; i++, dp += dstep, sp += sstep) memcpy(dp, sp, 4); break;
        default: for (int64_t i = 0; i < inner; i++, dp += dstep, sp += sstep) memcpy(dp, sp, 8); break;
      }
    } else {
      for (int64_t i = 0; i < inner; i++, dp += dstep, sp += sstep)
        convert_element(self->dtype, dp, src->dtype, sp);
    }
    /* Advance the outer indices like an odometer. */
    for (int64_t k = dim - 2; k >= 0; k--) {
      d += self->strides[k] * (int64_t)dsize;
      s += src_strides[k] * (int64_t)ssize;
      if (++idx[k] < self->sizes[k]) break;
      d -= self->strides[k] * self->sizes[k] * (int64_t)dsize;
      s -= src_strides[k] * self->sizes[k] * (int64_t)ssize;
      idx[k] = 0;
    }
  }
}

int copy_into(Tensor* self, const Tensor* src) {
  int64_t src_strides[MINATEN_MAX_DIM];
  TORCH_CHECK(!has_internal_overlap(self),
              "unsupported operation: more than one element of the written-to tensor refers to a "
              "single memory location. Please clone() the tensor before performing the operation.");
  TORCH_CHECK(!has_partial_overlap(self, src),
              "unsupported operation: some elements of the input tensor and the written-to tensor "
              "refer to a single memory location. Please clone() the tensor before performing the "
              "operation.");
  TRY(broadcast_src_strides(self, src, src_strides) == 0);
  if (self->numel == 0) return 0;
  if (self->dtype == src->dtype && self->is_contiguous && src->is_contiguous && self->numel == src->numel &&
      Tensor_isNonOverlappingAndDense(self)) {
    memmove(Tensor_data(self), Tensor_data(src), (size_t)self->numel * Tensor_itemsize(self));
    return 0;
  }
  if (wants_tiles(self, src, src_strides))
    tiled_copy(self, src, src_strides);
  else
    strided_copy(self, src, src_strides);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/Copy.cpp at::native::copy_ (copy_impl) */
Tensor* at_native_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  (void)non_blocking;
  if (self == src) return Tensor_retain(self);
  /* Exit early if self and src are views of the same data. */
  bool same_data = self->storage == src->storage && self->storage_offset == src->storage_offset &&
                   self->dtype == src->dtype && self->dim == src->dim &&
                   memcmp(self->sizes, src->sizes, (size_t)self->dim * sizeof(int64_t)) == 0 &&
                   memcmp(self->strides, src->strides, (size_t)self->dim * sizeof(int64_t)) == 0;
  if (same_data) return Tensor_retain(self);
  TORCH_CHECK(self->device.type == DeviceType_CPU && src->device.type == DeviceType_CPU,
              "minaten: copy_ between devices is not supported yet");
  TRY(copy_into(self, src) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}
