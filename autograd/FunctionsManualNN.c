/*
 * FunctionsManualNN.c - the double-backward helpers of nn operators that
 * yaml/derivatives.yaml calls: gelu_double_backward (gelu_backward's
 * gradient for self, the GeluBackwardBackward0 node) and
 * max_pool_double_backward (max_pool2d_with_indices_backward's gradient for
 * grad_output, MaxPool2DWithIndicesBackwardBackward0).
 *
 * As in FunctionsManual.c, each calls operators through their entry points
 * in the order 1.13's compiled C++ calls them (GCC evaluates the operands of
 * `a * b` right to left), with the same Scalar kinds (`2 * t` is
 * mul.Scalar with the integer 2, `0.5 * t` with the double 0.5, `1 / t`
 * empty_like, fill_ and div_), so that a traced double backward prints 1.13's
 * lines and rounds as 1.13's does.
 *
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp
 * (gelu_double_backward, max_pool_double_backward)
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "autograd/FunctionsManual.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* The temporaries of one helper, released together. */
enum { kMaxTemps = 32 };

static void release_all(Tensor** t, int n) {
  for (int i = 0; i < n; i++) Tensor_release(t[i]);
}

static Scalar dbl(double d) { return Scalar_fromDouble(d); }
static Scalar lng(int64_t i) { return Scalar_fromLong(i); }

/*
 * Note [gelu's second derivative in 1.13]
 * approximate='none': gelu'(x) = Phi(x) + x phi(x), so gelu''(x) =
 * 2 phi(x) - x^2 phi(x), phi(x) = kBeta exp(-x^2 / 2), kBeta = 1 / sqrt(2 pi)
 * written M_2_SQRTPI * M_SQRT1_2 * 0.5.
 * approximate='tanh': gelu(x) = f(x) (1 + tanh(u(x))) with f = x / 2,
 * u = kBeta (x + kKappa x^3), kBeta = sqrt(2 / pi) written
 * M_SQRT2 * M_2_SQRTPI * 0.5, kKappa = 0.044715; 1.13 writes g = 1 - tanh(u)^2,
 * h = u' = kBeta (1 + 3 kKappa x^2), sech = 1 / cosh(u), and returns
 * ggI * gO * (2 f' g h + f h g' + f g h') with g' = 2 sech (-sech tanh) h,
 * h' = 6 kKappa x kBeta.  Both are ggI * gO * gelu''(x), computed tensor op
 * by tensor op (values round as 1.13's, not as a fused formula would).
 */

/* The 'none' form: ggI * gO * (2 * pdf - input^2 * pdf). */
static Tensor* gelu_double_backward_none(const Tensor* ggI, const Tensor* gO, const Tensor* input) {
  const double kBeta = M_2_SQRTPI * M_SQRT1_2 * 0.5;
  Tensor* t[10] = {0};
  Tensor* r = NULL;
  TRY((t[0] = at_mul_Tensor(input, input)) != NULL);    /* input_sq */
  TRY((t[1] = at_mul_Scalar(t[0], dbl(-0.5))) != NULL); /* -0.5 * input_sq */
  TRY((t[2] = at_exp(t[1])) != NULL);
  TRY((t[3] = at_mul_Scalar(t[2], dbl(kBeta))) != NULL); /* pdf */
  TRY((t[4] = at_mul_Tensor(t[0], t[3])) != NULL);       /* input_sq * pdf */
  TRY((t[5] = at_mul_Scalar(t[3], lng(2))) != NULL);     /* 2 * pdf */
  TRY((t[6] = at_sub_Tensor(t[5], t[4], lng(1))) != NULL);
  TRY((t[7] = at_mul_Tensor(ggI, gO)) != NULL);
  r = at_mul_Tensor(t[7], t[6]);
fail:
  release_all(t, 10);
  return r;
}

/* The 'tanh' form's pieces in 1.13's order (see the Note above). */
static Tensor* gelu_double_backward_tanh(const Tensor* ggI, const Tensor* gO, const Tensor* input) {
  const double kBeta = M_SQRT2 * M_2_SQRTPI * 0.5, kKappa = 0.044715;
  Tensor* t[kMaxTemps] = {0};
  Tensor* r = NULL;
  TRY((t[0] = at_pow_Tensor_Scalar(input, lng(3))) != NULL);
  TRY((t[1] = at_mul_Scalar(t[0], dbl(kKappa))) != NULL);
  TRY((t[2] = at_add_Tensor(input, t[1], lng(1))) != NULL);
  TRY((t[3] = at_mul_Scalar(t[2], dbl(kBeta))) != NULL); /* inner */
  TRY((t[4] = at_tanh(t[3])) != NULL);                   /* tanh_inner */
  TRY((t[5] = at_cosh(t[3])) != NULL);
  TRY((t[6] = Scalar_div_Tensor(lng(1), t[5])) != NULL); /* sech_inner */
  TRY((t[7] = at_mul_Scalar(input, dbl(0.5))) != NULL);  /* f */
  TRY((t[8] = at_mul_Tensor(t[4], t[4])) != NULL);
  TRY((t[9] = Scalar_sub_Tensor(lng(1), t[8])) != NULL); /* g */
  TRY((t[10] = at_mul_Scalar(input, dbl(3 * kKappa))) != NULL);
  TRY((t[11] = at_mul_Tensor(t[10], input)) != NULL);
  TRY((t[12] = at_add_Scalar(t[11], lng(1), lng(1))) != NULL);
  TRY((t[13] = at_mul_Scalar(t[12], dbl(kBeta))) != NULL); /* h */
  TRY((t[14] = at_mul_Scalar(t[9], dbl(0.5))) != NULL);
  TRY((t[15] = at_mul_Tensor(t[14], t[13])) != NULL); /* f_prime_gh */
  TRY((t[16] = at_neg(t[6])) != NULL);
  TRY((t[17] = at_mul_Tensor(t[16], t[4])) != NULL);    /* -sech_inner * tanh_inner */
  TRY((t[18] = at_mul_Scalar(t[6], lng(2))) != NULL);   /* 2 * sech_inner */
  TRY((t[19] = at_mul_Tensor(t[18], t[17])) != NULL);
  TRY((t[20] = at_mul_Tensor(t[19], t[13])) != NULL);   /* g_prime */
  TRY((t[21] = at_mul_Tensor(t[7], t[13])) != NULL);
  TRY((t[22] = at_mul_Tensor(t[21], t[20])) != NULL);   /* g_prime_fh */
  TRY((t[23] = at_mul_Scalar(input, dbl(6 * kKappa))) != NULL);
  TRY((t[24] = at_mul_Scalar(t[23], dbl(kBeta))) != NULL); /* h_prime */
  TRY((t[25] = at_mul_Tensor(t[7], t[9])) != NULL);
  TRY((t[26] = at_mul_Tensor(t[25], t[24])) != NULL);   /* h_prime_fg */
  TRY((t[27] = at_mul_Scalar(t[15], lng(2))) != NULL);
  TRY((t[28] = at_add_Tensor(t[27], t[22], lng(1))) != NULL);
  TRY((t[29] = at_add_Tensor(t[28], t[26], lng(1))) != NULL);
  TRY((t[30] = at_mul_Tensor(ggI, gO)) != NULL);
  r = at_mul_Tensor(t[30], t[29]);
fail:
  release_all(t, kMaxTemps);
  return r;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp gelu_double_backward */
Tensor* gelu_double_backward(const Tensor* ggI, const Tensor* gO, const Tensor* input, const char* approximate) {
  if (strcmp(approximate, "tanh") == 0) return gelu_double_backward_tanh(ggI, gO, input);
  return gelu_double_backward_none(ggI, gO, input);
}

/* max_pool2d_with_indices_backward's gradient for grad_output: grad at
 * each output's argmax, a gather over each plane of the last dim extents
 * (indices are per plane); with no indices, an empty tensor like them.
 * NB(minaten): 1.13 makes grad contiguous in indices.suggest_memory_format()
 * (channels_last for a channels-last input); minaten's max pooling output
 * is always contiguous (ops/DilatedMaxPool2d.c), so contiguous_format.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp max_pool_double_backward */
Tensor* max_pool_double_backward(const Tensor* grad, const Tensor* indices, int64_t dim) {
  TORCH_INTERNAL_ASSERT(indices->dim >= dim); /* 1.13: AT_ASSERT */
  if (indices->numel == 0) { /* at::empty_like(indices, grad.options()) */
    return at_empty_like(indices, (OptionalScalarType){true, grad->dtype}, (OptionalLayout){true, Layout_Strided},
                         (OptionalDevice){true, grad->device}, kNoPinMemory, kNoMemoryFormat);
  }
  int64_t size[MINATEN_MAX_DIM + 1];
  int64_t n = indices->dim - dim;
  for (int64_t i = 0; i < n; i++) size[i] = indices->sizes[i];
  size[n] = -1;
  IntArrayRef view_size = IntArrayRef_make(size, (size_t)n + 1);
  Tensor* t[4] = {0};
  Tensor* r = NULL;
  TRY((t[0] = at_view(indices, view_size)) != NULL); /* indices_view */
  TRY((t[1] = at_contiguous(grad, MemoryFormat_Contiguous)) != NULL);
  TRY((t[2] = at_view(t[1], view_size)) != NULL);
  TRY((t[3] = at_gather(t[2], -1, t[0], false)) != NULL);
  r = at_view(t[3], Tensor_sizes(indices));
fail:
  release_all(t, 4);
  return r;
}
