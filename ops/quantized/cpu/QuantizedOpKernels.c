/*
 * QuantizedOpKernels.c - the 8-bit per-tensor quantize and dequantize of
 * contiguous floats, compiled once per CPU capability and registered into
 * quantize_8bit_stub and dequantize_8bit_stub (Note [CPU capability
 * dispatch] in ops/DispatchStub.h; the stubs are defined in
 * ops/quantized/Quantize.c, their only caller).
 *
 * The loops run whole vectors (ops/cpu/vec.h), then the tail as a
 * zero-padded vector, computing the scalar loop's float operations lane by
 * lane, so every capability gives the scalar loop's bytes.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp,
 * ATen/cpu/vec/vec256/vec256_qint.h (QuantizeAvx2, Vectorized<c10::quint8>::dequantize)
 */
#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/cpu/vec.h"
#include "ops/quantized/cpu/QuantizedOpKernels.h"

typedef uint8_t ubvec __attribute__((vector_size(VEC_BYTES / 4)));

/* quantize_val_inv (ops/quantized/AffineQuantizer.h) on vectors: the same
 * float operations (zero_point as a float, rintf lane by lane: roundps where
 * the capability has it), then the clamp done in float: the sum is a whole
 * number, so clamping it and then truncating gives the scalar loop's
 * truncate-then-clamp; NaN and sums beyond int64 (INT64_MIN there) give qmin.
 * PyTorch 1.13: ATen/cpu/vec/vec256/vec256_qint.h QuantizeAvx2 (the
 * scalar formula of native/quantized/AffineQuantizerBase.cpp quantize_val) */
static inline ivec quantize_vec(fvec x, float inv_scale, float zero_point, float qmin, float qmax) {
  fvec scaled = x * inv_scale, rounded;
  for (int l = 0; l < kLanes; l++) rounded[l] = rintf(scaled[l]);
  fvec t = zero_point + rounded;
  fvec clamped = where(t < qmin, splat(qmin), where(t > qmax, splat(qmax), t));
  return __builtin_convertvector(where((t >= -0x1p63f) & (t < 0x1p63f), clamped, splat(qmin)), ivec);
}

static inline void store_quantized(void* o, bool is_signed, ivec q, int64_t m) {
  if (is_signed) {
    bvec bytes = __builtin_convertvector(q, bvec);
    memcpy(o, &bytes, (size_t)m);
  } else {
    ubvec bytes = __builtin_convertvector(q, ubvec);
    memcpy(o, &bytes, (size_t)m);
  }
}

/* PyTorch 1.13: native/quantized/cpu/kernels/QuantizedOpKernels.cpp
 * quantize_tensor_per_tensor_affine_cpu (its vectorized loop: quantize_vec of vec256_qint.h) */
static void quantize_8bit(void* o, bool is_signed, const float* a, float inv_scale, int64_t zero_point, int64_t n) {
  float zp = (float)zero_point, qmin = is_signed ? -128.0f : 0.0f, qmax = is_signed ? 127.0f : 255.0f;
  char* out = o;
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    store_quantized(out + i, is_signed, quantize_vec(load(a + i), inv_scale, zp, qmin, qmax), kLanes);
  if (i < n)
    store_quantized(out + i, is_signed, quantize_vec(load_partial(a + i, n - i), inv_scale, zp, qmin, qmax), n - i);
}

/* kLanes (or m) 8-bit values at p, widened to int32. */
static inline ivec load_8bit(const void* p, bool is_signed, int64_t m) {
  uint8_t bytes[kLanes] = {0};
  memcpy(bytes, p, (size_t)m);
  if (is_signed) {
    bvec b;
    memcpy(&b, bytes, sizeof b);
    return __builtin_convertvector(b, ivec);
  }
  ubvec u;
  memcpy(&u, bytes, sizeof u);
  return __builtin_convertvector(u, ivec);
}

/* PyTorch 1.13: vec256_qint.h Vectorized<c10::quint8>::dequantize */
static inline fvec dequantize_vec(ivec q, uint32_t zero_point, float scale) {
  ivec diff = (ivec)((uvec)q - zero_point); /* wraps, as the scalar loop's uint32 subtraction */
  return __builtin_convertvector(diff, fvec) * scale;
}

/* PyTorch 1.13: native/quantized/cpu/kernels/QuantizedOpKernels.cpp
 * dequantize_tensor_per_tensor_affine_cpu */
static void dequantize_8bit(float* o, const void* q, bool is_signed, uint32_t zero_point, float scale, int64_t n) {
  const char* in = q;
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(o + i, dequantize_vec(load_8bit(in + i, is_signed, kLanes), zero_point, scale));
  if (i < n) store_partial(o + i, dequantize_vec(load_8bit(in + i, is_signed, n - i), zero_point, scale), n - i);
}

REGISTER_DISPATCH(quantize_8bit_fn, quantize_8bit_stub, quantize_8bit);
REGISTER_DISPATCH(dequantize_8bit_fn, dequantize_8bit_stub, dequantize_8bit);
