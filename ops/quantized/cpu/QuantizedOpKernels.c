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
#include "ops/cpu/Loops.h"
#include "ops/cpu/vec.h"
#include "ops/quantized/AffineQuantizer.h"
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

/* ---- qgelu ------------------------------------------------------------------
 *
 * Note [qgelu's two lambdas]
 * 1.13's qgelu_kernel is a cpu_kernel_vec over (qy, qx), qy taking qx's scale
 * and zero point.  Its rows of unit stride run the vector lambda on
 * 2 * Vectorized<T>::size() elements at a time (64 for quint8 and qint8, 16
 * for qint32 at AVX2 and DEFAULT; 128 and 32 at AVX-512), the rest of each
 * row, and every strided row, through the scalar lambda:
 *  - scalar: dequantize_val (float), gelu in double (std::erf or std::tanh
 *    of a double, the cube x * x * x in float), quantize_val of the result
 *    rounded to float (inverse scale 1.0f / scale);
 *  - vector: Vectorized<T>::dequantize with the premultiplied zero point,
 *    fmadd(scale, q, scale * -zero_point) at AVX2 (dequantize_val lane by
 *    lane at DEFAULT); gelu in float with Vectorized<float>'s erf and tanh
 *    (Sleef's at AVX2, libm's erff and tanhf at DEFAULT); then
 *    Vectorized<T>::quantize: for 8 bits at AVX2 QuantizeAvx2 with the
 *    inverse scale (float)(1.0 / scale), else quantize_val lane by lane.
 * PyTorch 1.13: native/quantized/cpu/kernels/QuantizedOpKernels.cpp qgelu_kernel,
 * ATen/cpu/vec/vec256/vec256_qint.h (dequantize, quantize, QuantizeAvx2)
 */
/* The scalar lambda on one integer q: the output integer. */
static int64_t qgelu_scalar(const QGeluLoop* L, int64_t q, int64_t qmin, int64_t qmax) {
  float dx = (float)((double)((float)q - (float)L->zero_point) * (double)L->scale); /* dequantize_val */
  double dy;
  if (L->tanh) {
    const double kBeta = M_SQRT2 * M_2_SQRTPI * 0.5, kKappa = 0.044715;
    float x_cube = dx * dx * dx;
    double inner = kBeta * ((double)dx + kKappa * (double)x_cube);
    dy = 0.5 * (double)dx * (1.0 + tanh(inner));
  } else {
    dy = (double)dx * 0.5 * (1 + erf((double)dx * M_SQRT1_2));
  }
  return quantize_val_inv(quantize_inv_scale(L->scale), L->zero_point, (float)dy, qmin, qmax);
}

/* Vectorized<float>'s erf and tanh at this capability, on kLanes floats. */
static inline fvec qgelu_erf(fvec x) {
#if defined(VEC_HAVE_SLEEF)
  return SLEEF_FLOAT(erf, x);
#else
  for (int l = 0; l < kLanes; l++) x[l] = erff(x[l]);
  return x;
#endif
}
static inline fvec qgelu_tanh(fvec x) {
#if defined(VEC_HAVE_SLEEF)
  return SLEEF_FLOAT(tanh, x);
#else
  for (int l = 0; l < kLanes; l++) x[l] = tanhf(x[l]);
  return x;
#endif
}

/* The vector lambda on n (a multiple of kLanes) integers read from in (byte
 * stride sin: 0 for a broadcast input) into out. */
static void qgelu_vector(const QGeluLoop* L, char* out, const char* in, int64_t sin, int64_t n, int64_t qmin,
                         int64_t qmax) {
  float buf[128];
  float zp = (float)L->zero_point;
#if defined(__AVX2__)
  float premul = L->scale * -zp; /* scale_vec * zero_point_vec.neg() */
#endif
  for (int64_t i = 0; i < n; i++) {
    float q = (float)qint_load(L->dtype, in + i * sin, 0);
#if defined(__AVX2__)
    buf[i] = fmaf(L->scale, q, premul);
#else
    buf[i] = (float)((double)(q - zp) * (double)L->scale);
#endif
  }
  const fvec half = splat(0.5f), one = splat(1.0f);
  for (int64_t i = 0; i < n; i += kLanes) {
    fvec v = load(buf + i);
    if (L->tanh) {
      const fvec beta = splat((float)(M_SQRT2 * M_2_SQRTPI * 0.5)), kappa = splat((float)0.044715);
      fvec cube = v * v * v;
      fvec inner = beta * (v + kappa * cube);
      v = half * v * (one + qgelu_tanh(inner));
    } else {
      v = v * half * (one + qgelu_erf(v * splat((float)M_SQRT1_2)));
    }
    store(buf + i, v);
  }
  bool avx2_8bit = false;
#if defined(__AVX2__)
  avx2_8bit = L->dtype != ScalarType_QInt32;
#endif
  float inv = avx2_8bit ? (float)(1.0 / (double)L->scale) : quantize_inv_scale(L->scale);
  for (int64_t i = 0; i < n; i++)
    qint_store(L->dtype, out, i, quantize_val_inv(inv, L->zero_point, buf[i], qmin, qmax));
}

/* One tile of (qy, qx): see Note [qgelu's two lambdas]. */
static void qgelu_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const QGeluLoop* L = ctx;
  int64_t qmin, qmax, elem = L->dtype == ScalarType_QInt32 ? 4 : 1;
  qint_range(L->dtype, &qmin, &qmax);
  int64_t chunk = 2 * (VEC_BYTES / elem); /* 2 * Vectorized<T>::size() */
  bool vectorized = strides[0] == elem && (strides[1] == elem || strides[1] == 0);
  for (int64_t j = 0; j < size1; j++) {
    char* out = data[0] + j * strides[2];
    const char* in = data[1] + j * strides[3];
    int64_t i = 0;
    if (vectorized)
      for (; i + chunk <= size0; i += chunk) qgelu_vector(L, out + i * elem, in + i * strides[1], strides[1], chunk, qmin, qmax);
    for (; i < size0; i++)
      qint_store(L->dtype, out + i * strides[0], 0, qgelu_scalar(L, qint_load(L->dtype, in + i * strides[1], 0), qmin, qmax));
  }
}

/* PyTorch 1.13: native/quantized/cpu/kernels/QuantizedOpKernels.cpp qgelu_kernel */
static void qgelu_kernel(TensorIteratorBase* iter, const QGeluLoop* L) {
  cpu_kernel_vec(iter, qgelu_loop2d, L);
}
REGISTER_DISPATCH(qgelu_fn, qgelu_stub, qgelu_kernel);
