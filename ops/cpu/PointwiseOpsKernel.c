/*
 * PointwiseOpsKernel.c - the CPU loops of addcmul and addcdiv, compiled once
 * per CPU capability (Note [CPU capability dispatch] in ops/DispatchStub.h)
 * and registered into addcmul_stub and addcdiv_stub.
 *
 * Each element is computed in the iterator's common dtype, as 1.13's
 * AT_DISPATCH_ALL_TYPES lambda does after TensorIterator converted the
 * inputs to it: value is Scalar::to<scalar_t>() once, then
 *   addcmul: self + value * t1 * t2     ((value * t1) * t2, then the sum)
 *   addcdiv: self + value * t1 / t2     ((value * t1) / t2, then the sum)
 * Integers wrap as the C++ integer types do (computed in 64 bits and
 * truncated to the output's width: the same bits).
 *
 * Note [FMA in the AVX2 copies of PointwiseOpsKernel]
 * 1.13 compiles the AVX2 and AVX512 copies of PointwiseOpsKernel.cpp with
 * -mfma and GCC's default contraction (-ffp-contract=fast), so addcmul's
 * last step `self + (value * t1) * t2` is one fused multiply-add there (one
 * rounding) and two operations in the DEFAULT copy: with 10,000 random
 * floats, 1.13 at AVX2 differs from the unfused result in 1442 elements and
 * from the fused one in none, at ATEN_CPU_CAPABILITY=default the other way
 * round.  minaten's copies are compiled with -ffp-contract=off, so the fused
 * step is written out (fmaf / fma where __FMA__ is defined: the AVX2 and
 * AVX512 copies).  addcdiv has a division where addcmul multiplies: no
 * multiply-add to fuse, every copy gives the same bits.
 *
 * mse_loss_backward's loop is here too, as in 1.13: norm * (self - target)
 * * grad_output, two products and no sum, so no contraction either.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/PointwiseOpsKernel.cpp
 * (addcmul_cpu_kernel, addcdiv_cpu_kernel, mse_backward_cpu_kernel)
 */
#include <math.h>
#include <stdint.h>

#include "ops/DispatchStub.h"
#include "ops/PointwiseOps.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/Loops.h"
#include "runtime/TypeCast.h"

/* What the loops need besides the tile: the computation type (the output's),
 * each input's dtype, and value in the computation type. */
typedef struct TernaryLoop {
  ScalarType compute;
  ScalarType in_type[3]; /* self, tensor1, tensor2 */
  float value_f;
  double value_d;
  int64_t value_i;
} TernaryLoop;

/* One input element converted to the computation type, as TensorIterator's
 * conversion of the input to the common dtype does (a 0-dim Double or an
 * integer tensor beside Float tensors computes in float). */
static inline float load_as_float(ScalarType t, const char* p) {
  if (t == ScalarType_Float) return *(const float*)p;
  if (ScalarType_isFloating(t)) return (float)load_double(t, p);
  return (float)load_int(t, p);
}
static inline double load_as_double(ScalarType t, const char* p) {
  if (t == ScalarType_Double) return *(const double*)p;
  if (ScalarType_isFloating(t)) return load_double(t, p);
  return (double)load_int(t, p);
}

static inline float addcmul_float(float s, float v, float a, float b) {
#if defined(__FMA__)
  return fmaf(v * a, b, s); /* Note [FMA in the AVX2 copies of PointwiseOpsKernel] */
#else
  return s + v * a * b;
#endif
}
static inline double addcmul_double(double s, double v, double a, double b) {
#if defined(__FMA__)
  return fma(v * a, b, s);
#else
  return s + v * a * b;
#endif
}
static inline int64_t addcmul_int(int64_t s, int64_t v, int64_t a, int64_t b) {
  return (int64_t)((uint64_t)s + (uint64_t)v * (uint64_t)a * (uint64_t)b);
}
static inline float addcdiv_float(float s, float v, float a, float b) { return s + v * a / b; }
static inline double addcdiv_double(double s, double v, double a, double b) { return s + v * a / b; }

/* A tile of one operation: data = {out, self, tensor1, tensor2}; the output
 * is of the computation type. */
#define DEFINE_TERNARY_LOOP2D(name, float_op, double_op, int_body)                                            \
  static void name(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {         \
    const TernaryLoop* L = ctx;                                                                            \
    for (int64_t j = 0; j < size1; j++) {                                                                  \
      char* o = data[0] + j * strides[4];                                                                  \
      const char *s = data[1] + j * strides[5], *a = data[2] + j * strides[6], *b = data[3] + j * strides[7]; \
      for (int64_t i = 0; i < size0; i++, o += strides[0], s += strides[1], a += strides[2], b += strides[3]) { \
        if (L->compute == ScalarType_Float) {                                                              \
          *(float*)o = float_op(load_as_float(L->in_type[0], s), L->value_f, load_as_float(L->in_type[1], a), \
                                load_as_float(L->in_type[2], b));                                          \
        } else if (ScalarType_isReducedFloating(L->compute)) { /* BFloat16: in float, rounded once */      \
          store_from_double(L->compute, o,                                                                 \
                            float_op(load_as_float(L->in_type[0], s), L->value_f,                          \
                                     load_as_float(L->in_type[1], a), load_as_float(L->in_type[2], b)));   \
        } else if (L->compute == ScalarType_Double) {                                                      \
          *(double*)o = double_op(load_as_double(L->in_type[0], s), L->value_d,                            \
                                  load_as_double(L->in_type[1], a), load_as_double(L->in_type[2], b));     \
        } else {                                                                                           \
          int_body;                                                                                        \
        }                                                                                                  \
      }                                                                                                    \
    }                                                                                                      \
  }

/* PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp addcmul_cpu_kernel (cpu_kernel_vec) */
DEFINE_TERNARY_LOOP2D(addcmul_loop2d, addcmul_float, addcmul_double,
                      store_from_int64(L->compute, o,
                                       addcmul_int(load_int(L->in_type[0], s), L->value_i,
                                                   load_int(L->in_type[1], a), load_int(L->in_type[2], b))))
/* The integer case never runs: addcdiv refuses two integer tensors, so the
 * common dtype is floating.
 * PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp addcdiv_cpu_kernel (cpu_kernel_vec) */
DEFINE_TERNARY_LOOP2D(addcdiv_loop2d, addcdiv_float, addcdiv_double, (void)o)
#undef DEFINE_TERNARY_LOOP2D

static TernaryLoop ternary_loop(const TensorIteratorBase* iter, Scalar value) {
  TernaryLoop L = {.compute = iter->common_dtype};
  for (int k = 0; k < 3; k++) L.in_type[k] = iter->tensors[1 + k]->dtype;
  /* Scalar::to<scalar_t>(): the operator checked the conversion */
  L.value_d = Scalar_toDouble(value);
  L.value_f = value.tag == ScalarTag_Double ? (float)value.v.d : (float)value.v.i;
  L.value_i = Scalar_toLong(value);
  return L;
}

/* PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp addcmul_cpu_kernel */
static void addcmul_kernel(TensorIteratorBase* iter, Scalar value) {
  TernaryLoop L = ternary_loop(iter, value);
  cpu_kernel_vec(iter, addcmul_loop2d, &L);
}

/* PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp addcdiv_cpu_kernel */
static void addcdiv_kernel(TensorIteratorBase* iter, Scalar value) {
  TernaryLoop L = ternary_loop(iter, value);
  cpu_kernel_vec(iter, addcdiv_loop2d, &L);
}

/* A tile of mse_loss_backward: data = {grad_input, self, target,
 * grad_output}, all of one dtype; (norm * (self - target)) * grad_output
 * in that dtype, integers wrapping.
 * PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp mse_backward_cpu_kernel (cpu_kernel_vec) */
static void mse_backward_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const TernaryLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[4];
    const char *s = data[1] + j * strides[5], *t = data[2] + j * strides[6], *g = data[3] + j * strides[7];
    for (int64_t i = 0; i < size0; i++, o += strides[0], s += strides[1], t += strides[2], g += strides[3]) {
      if (L->compute == ScalarType_Float)
        *(float*)o = L->value_f * (*(const float*)s - *(const float*)t) * *(const float*)g;
      else if (L->compute == ScalarType_Double)
        *(double*)o = L->value_d * (*(const double*)s - *(const double*)t) * *(const double*)g;
      else
        store_from_int64(L->compute, o,
                         (int64_t)((uint64_t)L->value_i * ((uint64_t)load_int(L->compute, s) - (uint64_t)load_int(L->compute, t)) *
                                   (uint64_t)load_int(L->compute, g)));
    }
  }
}

/* PyTorch 1.13: native/cpu/PointwiseOpsKernel.cpp mse_backward_cpu_kernel */
static void mse_backward_kernel(TensorIteratorBase* iter, Scalar norm) {
  TernaryLoop L = ternary_loop(iter, norm);
  cpu_kernel_vec(iter, mse_backward_loop2d, &L);
}

REGISTER_DISPATCH(pointwise_fn, addcmul_stub, addcmul_kernel);
REGISTER_DISPATCH(pointwise_fn, addcdiv_stub, addcdiv_kernel);
REGISTER_DISPATCH(mse_backward_fn, mse_backward_stub, mse_backward_kernel);
