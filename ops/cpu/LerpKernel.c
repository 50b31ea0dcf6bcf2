/*
 * LerpKernel.c - lerp's loops, compiled once per CPU capability (Note [CPU
 * capability dispatch] in ops/DispatchStub.h) and registered into
 * lerp_kernel_scalar_weight and lerp_kernel_tensor_weight.
 *
 * Note [lerp's two formulas]
 * 1.13 computes start + weight * (end - start) only where |weight| < 0.5,
 * and end - (end - start) * (1 - weight) elsewhere (NaN weights included),
 * so that weight 1 gives end exactly (pytorch/pytorch#18871); each in the
 * tensors' own floating type (Float or Double, the only ones its
 * AT_DISPATCH takes).  As in PointwiseOpsKernel.c (Note [FMA in the AVX2
 * copies of PointwiseOpsKernel]), 1.13's AVX2 and AVX512 copies fuse the
 * final multiply-add into one FMA (one rounding), its DEFAULT copy does
 * not: with 10,000 random floats and weights in [-0.3, 1.3), 1.13 at AVX2
 * matches the fused formulas everywhere (tensor and number weights,
 * contiguous or strided), at ATEN_CPU_CAPABILITY=default the unfused ones.
 * minaten's copies (-ffp-contract=off) write the fused step out where
 * __FMA__ is defined.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/LerpKernel.cpp
 * (lerp_scalar_kernel, lerp_tensor_kernel), native/Lerp.h (lerp, is_lerp_weight_small)
 */
#include <math.h>
#include <stdint.h>

#include "ops/DispatchStub.h"
#include "ops/Lerp.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/Loops.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: native/Lerp.h lerp (Note [lerp's two formulas]) */
static inline float lerp_float(float start, float end, float weight) {
  float diff = end - start;
#if defined(__FMA__)
  return fabsf(weight) < 0.5f ? fmaf(weight, diff, start) : fmaf(-diff, 1.0f - weight, end);
#else
  return fabsf(weight) < 0.5f ? start + weight * diff : end - diff * (1.0f - weight);
#endif
}
static inline double lerp_double(double start, double end, double weight) {
  double diff = end - start;
#if defined(__FMA__)
  return fabs(weight) < 0.5 ? fma(weight, diff, start) : fma(-diff, 1.0 - weight, end);
#else
  return fabs(weight) < 0.5 ? start + weight * diff : end - diff * (1.0 - weight);
#endif
}

/* What the loops need: the tensors' dtype, the output's (lerp.Scalar's out=
 * may be wider: its build_binary_op casts the result to it), the weight. */
typedef struct LerpLoop {
  ScalarType compute, out_type;
  float weight_f;
  double weight_d;
} LerpLoop;

/* A tile of lerp with a number weight: data = {out, self, end}.
 * PyTorch 1.13: native/cpu/LerpKernel.cpp lerp_scalar_kernel */
static void lerp_scalar_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const LerpLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[3];
    const char *s = data[1] + j * strides[4], *e = data[2] + j * strides[5];
    for (int64_t i = 0; i < size0; i++, o += strides[0], s += strides[1], e += strides[2]) {
      double r = L->compute == ScalarType_Float ? lerp_float(*(const float*)s, *(const float*)e, L->weight_f)
                 : L->compute == ScalarType_Double
                     ? lerp_double(*(const double*)s, *(const double*)e, L->weight_d)
                     : lerp_float((float)load_double(L->compute, s), (float)load_double(L->compute, e), L->weight_f);
      if (L->out_type == L->compute && L->compute == ScalarType_Float)
        *(float*)o = (float)r;
      else
        store_from_double(L->out_type, o, r); /* cast_outputs: the computed value, converted */
    }
  }
}

/* A tile of lerp with a tensor weight: data = {out, self, end, weight}, all
 * of one dtype.  PyTorch 1.13: native/cpu/LerpKernel.cpp lerp_tensor_kernel */
static void lerp_tensor_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const LerpLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[4];
    const char *s = data[1] + j * strides[5], *e = data[2] + j * strides[6], *w = data[3] + j * strides[7];
    for (int64_t i = 0; i < size0; i++, o += strides[0], s += strides[1], e += strides[2], w += strides[3]) {
      if (L->compute == ScalarType_Float)
        *(float*)o = lerp_float(*(const float*)s, *(const float*)e, *(const float*)w);
      else if (L->compute == ScalarType_BFloat16) /* in float (at::opmath_type), rounded once */
        store_from_double(L->compute, o,
                          lerp_float((float)load_double(L->compute, s), (float)load_double(L->compute, e),
                                     (float)load_double(L->compute, w)));
      else
        *(double*)o = lerp_double(*(const double*)s, *(const double*)e, *(const double*)w);
    }
  }
}

/* PyTorch 1.13: native/cpu/LerpKernel.cpp lerp_scalar_kernel */
static void lerp_scalar_kernel(TensorIteratorBase* iter, Scalar weight) {
  LerpLoop L = {.compute = iter->common_dtype, .out_type = iter->tensors[0]->dtype};
  L.weight_d = Scalar_toDouble(weight); /* weight.to<scalar_t>(): ops/Lerp.c checked it */
  L.weight_f = weight.tag == ScalarTag_Double ? (float)weight.v.d : (float)weight.v.i;
  cpu_kernel_vec(iter, lerp_scalar_loop2d, &L);
}

/* PyTorch 1.13: native/cpu/LerpKernel.cpp lerp_tensor_kernel */
static void lerp_tensor_kernel(TensorIteratorBase* iter) {
  LerpLoop L = {.compute = iter->common_dtype, .out_type = iter->tensors[0]->dtype};
  cpu_kernel_vec(iter, lerp_tensor_loop2d, &L);
}

REGISTER_DISPATCH(lerp_fn_scalar, lerp_kernel_scalar_weight, lerp_scalar_kernel);
REGISTER_DISPATCH(lerp_fn_tensor, lerp_kernel_tensor_weight, lerp_tensor_kernel);
