/*
 * EltwiseGelu.c - oneDNN's gelu_erf, one lane of its JIT kernel in C.
 *
 * Debian's 1.13 is built with MKLDNN (oneDNN 2.6.3, libdnnl2), and its CPU
 * gelu hands a contiguous float tensor to ideep's eltwise_gelu_erf (Note
 * [gelu's three formulas] in ops/Activation.c).  oneDNN's JIT kernel does not
 * call erf: it evaluates Abramowitz and Stegun's formula 7.1.26,
 *   erf(x) ~ 1 - (p1 t + p2 t^2 + p3 t^3 + p4 t^4 + p5 t^5) exp(-x^2),
 *   t = 1 / (1 + p x),  for x = |s| / sqrt(2),
 * with exp from its own exp_compute_vector_fwd (range reduction by ln 2, a
 * degree-5 polynomial, 2^(n-1) built in the exponent bits, times 2), every
 * multiply-add one fused instruction.  Each lane computes alone (no
 * table lookups, no lane-dependent branches), so the C below, operation for
 * operation with fmaf where the kernel has vfmadd, gives its bits: on the
 * 80,003 floats of the measurement (randn * 3, uniform [-12, 12), 1e-3
 * scale, linspace), 1.13's gelu and gelu_backward agree with it everywhere.
 * The constants are the kernel's table, as bit patterns.
 *
 * Note [oneDNN's exp]: the input is clamped to [ln FLT_MIN, ln FLT_MAX]
 * (x86 min/max: a NaN gives the bound, and the NaN comes back through t),
 * lanes below ln FLT_MIN give 0; fx = floor(x * log2(e) + 0.5),
 * r = x - fx * ln 2 (fused), p(r) by Horner (fused), times 2^(fx - 1), times 2.
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.cpp (TORCH_IMPL_FUNC(gelu_out_cpu),
 * gelu_backward_out_cpu: ideep::eltwise_forward / eltwise_backward); oneDNN 2.6.3
 * src/cpu/x64/injectors/jit_uni_eltwise_injector.cpp (exp_compute_vector_fwd,
 * gelu_erf_compute_vector_fwd, gelu_erf_compute_vector_bwd, register_table_entries)
 */
#include <math.h>
#include <stdint.h>

#include "ops/mkldnn/EltwiseGelu.h"
#include "runtime/Half.h" /* float_to_bits, float_from_bits */


/* x86's minps/maxps: the second operand when either is NaN. */
static inline float x86_min(float a, float b) { return a < b ? a : b; }
static inline float x86_max(float a, float b) { return a > b ? a : b; }

/* See Note [oneDNN's exp].  oneDNN 2.6.3: jit_uni_eltwise_injector.cpp exp_compute_vector_fwd */
static float onednn_exp(float x) {
  const float ln_flt_max = float_from_bits(0x42b17218), ln_flt_min = float_from_bits(0xc2aeac50);
  const float log2e = float_from_bits(0x3fb8aa3b), ln2 = float_from_bits(0x3f317218);
  const uint32_t pol[5] = {0x3f7ffffb, 0x3efffee3, 0x3e2aad40, 0x3d2b9d0d, 0x3c07cfce};
  int below = x < ln_flt_min;
  x = x86_max(x86_min(x, ln_flt_max), ln_flt_min);
  float fx = floorf(x * log2e + 0.5f);
  float r = fmaf(-fx, ln2, x);
  /* 2^(fx - 1): cvtps2dq rounds to nearest, fx - 1 is an integer already */
  int32_t n = (int32_t)(fx - 1.0f);
  float scale = below ? 0.0f : float_from_bits((uint32_t)(n + 127) << 23);
  float y = float_from_bits(pol[4]);
  for (int k = 3; k >= 0; k--) y = fmaf(y, r, float_from_bits(pol[k]));
  y = fmaf(y, r, 1.0f);
  return y * scale * 2.0f;
}

/* r = p5 t^4 + ... + p1 by Horner, fused. */
static inline float as_polynomial(float t) {
  const uint32_t pol[5] = {0x3e827906, 0xbe91a98e, 0x3fb5f0e3, 0xbfba00e3, 0x3f87dc22};
  float r = float_from_bits(pol[4]);
  for (int k = 3; k >= 0; k--) r = fmaf(r, t, float_from_bits(pol[k]));
  return r;
}

/* erf(x) from t = 1 / (1 + p |x|) and -exp(-x^2) * t, x's sign put back. */
static inline float as_erf(float x, float t, float neg_exp_t) {
  float e = fmaf(neg_exp_t, as_polynomial(t), 1.0f);
  return float_from_bits(float_to_bits(e) ^ (float_to_bits(x) & 0x80000000u));
}

/* oneDNN 2.6.3: jit_uni_eltwise_injector.cpp gelu_erf_compute_vector_fwd */
float onednn_gelu_erf_fwd(float s) {
  const float one_over_sqrt_two = float_from_bits(0x3f3504f3), p = float_from_bits(0x3ea7ba05);
  float x = s * one_over_sqrt_two;
  float t = 1.0f / fmaf(p, fabsf(x), 1.0f);
  float neg_exp = -onednn_exp(-(x * x));
  float erf = as_erf(s, t, neg_exp * t);
  float half_s = s * 0.5f;
  return fmaf(erf, half_s, half_s); /* 0.5 s (1 + erf) = S + S erf */
}

/* The derivative 0.5 (1 + erf(x)) + x exp(-x^2) / sqrt(pi), x = s / sqrt(2),
 * times dd (the backward kernel's last multiply).
 * oneDNN 2.6.3: jit_uni_eltwise_injector.cpp gelu_erf_compute_vector_bwd */
float onednn_gelu_erf_bwd(float dd, float s) {
  const float one_over_sqrt_two = float_from_bits(0x3f3504f3), p = float_from_bits(0x3ea7ba05), one_over_sqrt_pi = float_from_bits(0x3f106eba);
  float x = s * one_over_sqrt_two;
  float q = onednn_exp(-(x * x));
  float tq = x * one_over_sqrt_pi * q;
  float w = 1.0f / fmaf(p, fabsf(x), 1.0f);
  float erf = as_erf(x, w, -q * w);
  float res = fmaf(erf, 0.5f, tq + 0.5f);
  return res * dd;
}
