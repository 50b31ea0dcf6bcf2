/*
 * DistributionKernels.c - the CPU loops of the random operators, compiled
 * once per CPU capability (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * Every loop here draws one number per element, in TensorIterator's order,
 * on one thread, with the generator locked (cpu_serial_kernel; Note
 * [Acquire lock when using random generators]).  The numbers are 1.13's
 * only if the draws (runtime/DistributionsHelper.h) and the arithmetic
 * after them are 1.13's, so each loop says which distribution it uses and
 * at which type: normal_ on a float tensor of fewer than 16 elements draws
 * doubles (normal_distribution<double>), one of 16 or more draws floats
 * and transforms them sixteen at a time.
 *
 * Note [normal_fill]
 * A contiguous float or double tensor of 16 or more elements is first
 * filled with uniform numbers u in [0, 1), one draw each; then each block of
 * sixteen becomes sixteen normal numbers by Box-Muller, element j and j + 8
 * from the pair (1 - u[j], u[j + 8]): radius sqrt(-2 log(1 - u[j])), angle
 * 2 pi u[j + 8], cosine to j and sine to j + 8.  When the size is not a
 * multiple of 16, the last sixteen elements are drawn again and transformed
 * as one more block (overlapping the previous one): the tail costs sixteen
 * extra draws, which is why randn(17) consumes 33 numbers.
 * For float, the AVX2 copy transforms a block with vector log/sin/cos
 * (ops/cpu/avx_mathfun.h) and an FMA for `n * std + mean`; the DEFAULT copy
 * uses libm's logf/cosf/sinf: the two give different last bits, as 1.13's
 * copies do.  NB: 1.13 on an AVX-512 CPU (ATEN_CPU_CAPABILITY=avx512) gives
 * the AVX2 copy's numbers (recorded), so minaten's AVX512 copy runs the
 * AVX2 transform too.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/DistributionKernels.cpp,
 * native/cpu/DistributionTemplates.h (templates::cpu)
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ops/DistributionTemplates.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "runtime/DistributionsHelper.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#define MINATEN_NORMAL_FILL_AVX2 1
#include "ops/cpu/avx_mathfun.h"
#endif

/* What a loop2d below needs besides the tile. */
typedef struct DistributionCtx {
  Generator* gen;
  ScalarType dtype;
  double a, b;     /* uniform: from, to; exponential: lambda; bernoulli: p */
  uint64_t range;  /* random_from_to */
  int64_t base;
  bool p_is_double; /* bernoulli's p tensor */
  ScalarType p_dtype; /* and its dtype (Float or BFloat16 when not double) */
  bool failed;      /* a loop stopped with the error set */
} DistributionCtx;

/* Calls body(p) for every element p of operand 0 of a tile, in order. */
#define FOR_EACH_ELEMENT(data, strides, size0, size1, p, body)          \
  for (int64_t j_ = 0; j_ < (size1); j_++) {                           \
    char* p = (data)[0] + j_ * (strides)[1];                            \
    for (int64_t i_ = 0; i_ < (size0); i_++, p += (strides)[0]) body;  \
  }

static int not_implemented(const char* name, ScalarType t) {
  Error_set(ErrorType_RuntimeError, "\"%s\" not implemented for '%s'", name, ScalarType_name(t));
  return -1;
}

/* The dtype of the iterator's output.  PyTorch 1.13: TensorIteratorBase::dtype() */
static ScalarType iter_dtype(const TensorIteratorBase* iter) { return iter->tensors[0]->dtype; }

/* Runs loop over iter's elements in order, on this thread, holding c's
 * generator: See Note [Acquire lock when using random generators].
 * Returns 0, or -1 when the loop stopped with the error set (c->failed). */
static int draw_serially(TensorIteratorBase* iter, loop2d_t loop, DistributionCtx* c) {
  pthread_mutex_lock(&c->gen->mutex);
  cpu_serial_kernel(iter, loop, c);
  pthread_mutex_unlock(&c->gen->mutex);
  return c->failed ? -1 : 0;
}

static bool is_float_or_double(ScalarType t) { return t == ScalarType_Float || t == ScalarType_Double; }

/* ================================ uniform ================================ */

/* PyTorch 1.13: cpu/DistributionTemplates.h uniform_kernel (float) */
static void uniform_float_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  const float from = (float)c->a, to = (float)c->b;
  FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                   { *(float*)p = uniform_real_distribution_float(c->gen, from, to); })
}

/* PyTorch 1.13: cpu/DistributionTemplates.h uniform_kernel (double) */
static void uniform_double_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                   { *(double*)p = uniform_real_distribution_double(c->gen, c->a, c->b); })
}

/* Half and BFloat16 compute in float (dist_acctype) and round on each
 * assignment to a scalar_t (reduced_round, runtime/TypeCast.h). */

/* One 32-bit draw, its low `digits` bits (11 for Half, 8 for BFloat16)
 * scaled into [0, 1), then into [from, to) in float.
 * PyTorch 1.13: uniform_real_distribution<Half>, transformation::uniform_real<Half> */
static inline float uniform_real_distribution_reduced(Generator* g, ScalarType t, float from, float to) {
  const int digits = t == ScalarType_Half ? 11 : 8;
  const uint32_t mask = (UINT32_C(1) << digits) - 1;
  const float divisor = 1.0f / (float)(UINT32_C(1) << digits);
  float x = (float)(CPUGeneratorImpl_random(g) & mask) * divisor;
  return reduced_round(t, dist_maddf(x, reduced_round(t, to - from), from));
}

/* PyTorch 1.13: cpu/DistributionTemplates.h uniform_kernel (Half, BFloat16) */
static void uniform_reduced_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  const float from = reduced_round(c->dtype, (float)c->a), to = reduced_round(c->dtype, (float)c->b);
  FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                   { store_from_double(c->dtype, p, uniform_real_distribution_reduced(c->gen, c->dtype, from, to)); })
}

/* PyTorch 1.13: native/cpu/DistributionKernels.cpp uniform_kernel */
static int uniform_kernel(TensorIteratorBase* iter, double from, double to, Generator* gen) {
  ScalarType t = iter_dtype(iter);
  if (!ScalarType_isFloating(t)) return not_implemented("uniform_kernel_cpu", t);
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = t, .a = from, .b = to};
  return draw_serially(iter,
                       t == ScalarType_Float    ? uniform_float_loop2d
                       : t == ScalarType_Double ? uniform_double_loop2d
                                                : uniform_reduced_loop2d,
                       &c);
}
REGISTER_DISPATCH(uniform_fn, uniform_stub, uniform_kernel);

/* ================================ normal ================================= */

/* u[0..size) = uniform [0, 1) of the type, one draw each. */
static void fill_uniform_float(Generator* g, float* u, int64_t size) {
  for (int64_t i = 0; i < size; i++) u[i] = uniform_real_distribution_float(g, 0.0f, 1.0f);
}
static void fill_uniform_double(Generator* g, double* u, int64_t size) {
  for (int64_t i = 0; i < size; i++) u[i] = uniform_real_distribution_double(g, 0.0, 1.0);
}

#ifdef MINATEN_NORMAL_FILL_AVX2
/* See Note [normal_fill].  PyTorch 1.13: cpu/DistributionTemplates.h normal_fill_16_AVX2 */
static void normal_fill_16_AVX2(float* data, float mean, float std) {
  const __m256 u1 = _mm256_sub_ps(_mm256_set1_ps(1.0f), _mm256_loadu_ps(data));
  const __m256 u2 = _mm256_loadu_ps(data + 8);
  const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(_mm256_set1_ps(-2.0f), log256_ps(u1)));
  const __m256 theta = _mm256_mul_ps(_mm256_set1_ps((float)(2.0f * M_PI)), u2);
  __m256 sintheta, costheta;
  sincos256_ps(theta, &sintheta, &costheta);
  const __m256 n1 = _mm256_mul_ps(radius, costheta);
  const __m256 n2 = _mm256_mul_ps(radius, sintheta);
  _mm256_storeu_ps(data, _mm256_fmadd_ps(n1, _mm256_set1_ps(std), _mm256_set1_ps(mean)));
  _mm256_storeu_ps(data + 8, _mm256_fmadd_ps(n2, _mm256_set1_ps(std), _mm256_set1_ps(mean)));
}
#define normal_fill_16_float normal_fill_16_AVX2
#else
/* See Note [normal_fill].  PyTorch 1.13: cpu/DistributionTemplates.h normal_fill_16<float> */
static void normal_fill_16_float(float* data, float mean, float std) {
  for (int j = 0; j < 8; j++) {
    const float u1 = 1 - data[j];
    const float u2 = data[j + 8];
    const float radius = sqrtf(-2 * logf(u1));
    const float theta = (float)(2.0f * M_PI * u2); /* in double, as 1.13's 2.0f * pi<double> * u2 */
    data[j] = radius * cosf(theta) * std + mean;
    data[j + 8] = radius * sinf(theta) * std + mean;
  }
}
#endif

/* PyTorch 1.13: cpu/DistributionTemplates.h normal_fill_16<double> */
static void normal_fill_16_double(double* data, double mean, double std) {
  for (int j = 0; j < 8; j++) {
    const double u1 = 1 - data[j];
    const double u2 = data[j + 8];
    const double radius = sqrt(-2 * log(u1));
    const double theta = 2.0f * M_PI * u2;
    data[j] = dist_madd(radius * cos(theta), std, mean);
    data[j + 8] = dist_madd(radius * sin(theta), std, mean);
  }
}

/* See Note [normal_fill].  PyTorch 1.13: cpu/DistributionTemplates.h normal_fill,
 * normal_fill_AVX2 */
static void normal_fill_float(Generator* g, float* data, int64_t size, float mean, float std) {
  fill_uniform_float(g, data, size);
  for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16_float(data + i, mean, std);
  if (size % 16 != 0) {
    fill_uniform_float(g, data + size - 16, 16);
    normal_fill_16_float(data + size - 16, mean, std);
  }
}
static void normal_fill_double(Generator* g, double* data, int64_t size, double mean, double std) {
  fill_uniform_double(g, data, size);
  for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16_double(data + i, mean, std);
  if (size % 16 != 0) {
    fill_uniform_double(g, data + size - 16, 16);
    normal_fill_16_double(data + size - 16, mean, std);
  }
}

/* normal_fill_16 on c10::Half: the radius and the angle rounded to the
 * type, the rest in float (Half's operators with a float return float),
 * rounded at the store.  On c10::BFloat16 every step rounds: BFloat16's
 * math functions (c10/util/BFloat16-math.h: std::log, std::cos, ...) and
 * operators return BFloat16.
 * PyTorch 1.13: cpu/DistributionTemplates.h normal_fill_16<Half>, normal_fill_16<BFloat16> */
static void normal_fill_16_reduced(ScalarType t, char* data, float mean, float std) {
  for (int j = 0; j < 8; j++) {
    char* p1 = data + j * 2;
    char* p2 = data + (j + 8) * 2;
    const float u1 = reduced_round(t, 1 - (float)load_double(t, p1));
    const float u2 = (float)load_double(t, p2);
    const float theta = reduced_round(t, (float)(2.0f * M_PI * u2));
    if (t == ScalarType_Half) {
      const float radius = reduced_round(t, sqrtf(-2 * logf(u1)));
      store_from_double(t, p1, dist_maddf(radius * cosf(theta), std, mean));
      store_from_double(t, p2, dist_maddf(radius * sinf(theta), std, mean));
    } else {
      const float radius = reduced_round(t, sqrtf(reduced_round(t, -2 * reduced_round(t, logf(u1)))));
      const float n1 = reduced_round(t, radius * reduced_round(t, cosf(theta)));
      const float n2 = reduced_round(t, radius * reduced_round(t, sinf(theta)));
      store_from_double(t, p1, reduced_round(t, n1 * std) + mean);
      store_from_double(t, p2, reduced_round(t, n2 * std) + mean);
    }
  }
}

/* See Note [normal_fill].  PyTorch 1.13: cpu/DistributionTemplates.h normal_fill (Half, BFloat16) */
static void normal_fill_reduced(Generator* g, ScalarType t, char* data, int64_t size, float mean, float std) {
  for (int64_t i = 0; i < size; i++) store_from_double(t, data + i * 2, uniform_real_distribution_reduced(g, t, 0, 1));
  for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16_reduced(t, data + i * 2, mean, std);
  if (size % 16 != 0) {
    char* last = data + (size - 16) * 2;
    for (int64_t i = 0; i < 16; i++) store_from_double(t, last + i * 2, uniform_real_distribution_reduced(g, t, 0, 1));
    normal_fill_16_reduced(t, last, mean, std);
  }
}

/* Fewer than 16 elements, or not contiguous: one normal_distribution<double>
 * draw per element (with its cached second sample), cast to the type.
 * PyTorch 1.13: cpu/DistributionTemplates.h normal_kernel (cpu_serial_kernel) */
static void normal_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  if (c->dtype == ScalarType_Float) {
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { *(float*)p = (float)normal_distribution_double(c->gen, c->a, c->b); })
  } else if (c->dtype == ScalarType_Double) {
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { *(double*)p = normal_distribution_double(c->gen, c->a, c->b); })
  } else {
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { store_from_double(c->dtype, p, normal_distribution_double(c->gen, c->a, c->b)); })
  }
}

/* PyTorch 1.13: native/cpu/DistributionKernels.cpp normal_kernel,
 * cpu/DistributionTemplates.h normal_kernel */
static int normal_kernel(Tensor* self, double mean, double std, Generator* gen) {
  ScalarType t = self->dtype;
  if (!ScalarType_isFloating(t)) return not_implemented("normal_kernel_cpu", t);
  Generator* g = get_generator_or_default(gen);
  int64_t size = self->numel;
  if (size >= 16 && self->is_contiguous) {
    pthread_mutex_lock(&g->mutex);
    if (t == ScalarType_Float)
      normal_fill_float(g, (float*)Tensor_data(self), size, (float)mean, (float)std);
    else if (ScalarType_isReducedFloating(t))
      normal_fill_reduced(g, t, Tensor_data(self), size, reduced_round(t, (float)mean), reduced_round(t, (float)std));
    else
      normal_fill_double(g, (double*)Tensor_data(self), size, mean, std);
    pthread_mutex_unlock(&g->mutex);
    return 0;
  }
  TensorIteratorBase iter;
  if (TensorIterator_borrowing_nullary_op(&iter, self) < 0) return -1;
  DistributionCtx c = {.gen = g, .dtype = t, .a = mean, .b = std};
  int rc = draw_serially(&iter, normal_loop2d, &c);
  TensorIterator_release(&iter);
  return rc;
}
REGISTER_DISPATCH(normal_fn, normal_stub, normal_kernel);

/* ================================ random ================================= */

/* Whether uniform_int_from_to draws 64 bits for a range of 2^32 or more. */
static bool draws_wide(ScalarType t) {
  return t == ScalarType_Long || t == ScalarType_Double || t == ScalarType_Float || t == ScalarType_BFloat16;
}

/* An int64 stored as the element's type, as static_cast<scalar_t> does
 * (int64 and int32 written directly: randint's usual dtypes). */
static void random_from_to_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  const bool wide = draws_wide(c->dtype);
  switch (c->dtype) {
    case ScalarType_Long:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(int64_t*)p = uniform_int_from_to_distribution(c->gen, wide, c->range, c->base); })
      break;
    case ScalarType_Int:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p, {
        *(int32_t*)p = (int32_t)uniform_int_from_to_distribution(c->gen, wide, c->range, c->base);
      })
      break;
    default:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p, {
        store_from_int64(c->dtype, p, uniform_int_from_to_distribution(c->gen, wide, c->range, c->base));
      })
      break;
  }
}

/* PyTorch 1.13: cpu/DistributionTemplates.h random_from_to_kernel */
static int random_from_to_kernel(TensorIteratorBase* iter, uint64_t range, int64_t base, Generator* gen) {
  ScalarType t = iter_dtype(iter);
  if (ScalarType_isQuantized(t)) return not_implemented("random_from_to_kernel_cpu", t);
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = t, .range = range, .base = base};
  return draw_serially(iter, random_from_to_loop2d, &c);
}
REGISTER_DISPATCH(random_from_to_fn, random_from_to_stub, random_from_to_kernel);

static void random_full_range_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                     int64_t size1) {
  const DistributionCtx* c = ctx;
  FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                   { store_from_int64(c->dtype, p, uniform_int_full_range_distribution(c->gen)); })
}

/* random_(from=-2^63, to=None): all 2^64 values.
 * PyTorch 1.13: cpu/DistributionTemplates.h random_full_64_bits_range_kernel */
static int random_full_64_bits_range_kernel(TensorIteratorBase* iter, Generator* gen) {
  ScalarType t = iter_dtype(iter);
  if (t == ScalarType_Bool || ScalarType_isQuantized(t))
    return not_implemented("random_full_64_bits_range_kernel_cpu", t);
  if (!draws_wide(t)) {
    Error_set(ErrorType_RuntimeError,
              "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
    return -1;
  }
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = t};
  return draw_serially(iter, random_full_range_loop2d, &c);
}
REGISTER_DISPATCH(random_fn, random_full_64_bits_range_stub, random_full_64_bits_range_kernel);

/* One draw of uniform_int_distribution<T>: bool takes the low bit; an
 * integer type the draw modulo its max + 1; floating types modulo
 * 2^digits + 1 (24, 53, 11 for Half, 8 for BFloat16); int64 and double
 * draw 64 bits.
 * PyTorch 1.13: DistributionsHelper.h uniform_int_distribution,
 * TransformationHelper.h uniform_int */
static void random_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  Generator* g = c->gen;
  switch (c->dtype) {
    case ScalarType_Bool:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p, { *(bool*)p = CPUGeneratorImpl_random(g) & 1; })
      break;
    case ScalarType_Byte:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p, { *(uint8_t*)p = (uint8_t)(CPUGeneratorImpl_random(g) % 256u); })
      break;
    case ScalarType_Char:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p, { *(int8_t*)p = (int8_t)(CPUGeneratorImpl_random(g) % 128u); })
      break;
    case ScalarType_Short:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(int16_t*)p = (int16_t)(CPUGeneratorImpl_random(g) % 32768u); })
      break;
    case ScalarType_Int:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(int32_t*)p = (int32_t)(CPUGeneratorImpl_random(g) % (UINT32_C(1) << 31)); })
      break;
    case ScalarType_Long:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(int64_t*)p = (int64_t)(CPUGeneratorImpl_random64(g) % (UINT64_C(1) << 63)); })
      break;
    case ScalarType_Float:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(float*)p = (float)(CPUGeneratorImpl_random(g) % ((UINT64_C(1) << 24) + 1)); })
      break;
    case ScalarType_Double:
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { *(double*)p = (double)(CPUGeneratorImpl_random64(g) % ((UINT64_C(1) << 53) + 1)); })
      break;
    case ScalarType_Half: /* 11 digits */
    case ScalarType_BFloat16: { /* 8 digits */
      const uint32_t modulus = (UINT32_C(1) << (c->dtype == ScalarType_Half ? 11 : 8)) + 1;
      FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                       { store_from_int64(c->dtype, p, CPUGeneratorImpl_random(g) % modulus); })
      break;
    }
    default:
      TORCH_INTERNAL_ASSERT(!"random_loop2d: a dtype random_kernel lets through");
  }
}

/* PyTorch 1.13: cpu/DistributionTemplates.h random_kernel */
static int random_kernel(TensorIteratorBase* iter, Generator* gen) {
  ScalarType t = iter_dtype(iter);
  if (ScalarType_isQuantized(t)) return not_implemented("random_kernel_cpu", t);
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = t};
  return draw_serially(iter, random_loop2d, &c);
}
REGISTER_DISPATCH(random_fn, random_stub, random_kernel);

/* ============================== exponential ============================== */

static void exponential_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const DistributionCtx* c = ctx;
  if (c->dtype == ScalarType_Float) {
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { *(float*)p = (float)exponential_distribution_double(c->gen, c->a); })
  } else if (ScalarType_isReducedFloating(c->dtype)) { /* static_cast<scalar_t> of the double draw */
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { store_from_double(c->dtype, p, exponential_distribution_double(c->gen, c->a)); })
  } else {
    FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                     { *(double*)p = exponential_distribution_double(c->gen, c->a); })
  }
}

/* PyTorch 1.13: native/cpu/DistributionKernels.cpp exponential_kernel (no
 * MKL: cpu/DistributionTemplates.h exponential_kernel) */
static int exponential_kernel(TensorIteratorBase* iter, double lambda, Generator* gen) {
  ScalarType t = iter_dtype(iter);
  if (!ScalarType_isFloating(t)) return not_implemented("exponential_cpu", t);
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = t, .a = lambda};
  return draw_serially(iter, exponential_loop2d, &c);
}
REGISTER_DISPATCH(exponential_fn, exponential_stub, exponential_kernel);

/* =============================== bernoulli =============================== */

static void bernoulli_scalar_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                    int64_t size1) {
  const DistributionCtx* c = ctx;
  FOR_EACH_ELEMENT(data, strides, size0, size1, p,
                   { store_from_double(c->dtype, p, bernoulli_distribution_double(c->gen, c->a)); })
}

/* PyTorch 1.13: native/cpu/DistributionKernels.cpp bernoulli_scalar_kernel
 * (no MKL: bernoulli_scalar_kernel_default, cpu/DistributionTemplates.h
 * bernoulli_kernel(self, double p)) */
static int bernoulli_scalar_kernel(Tensor* self, double p, Generator* gen) {
  /* AT_DISPATCH_ALL_TYPES_AND2(Bool, BFloat16): no Half */
  if (ScalarType_isQuantized(self->dtype) || self->dtype == ScalarType_Half)
    return not_implemented("bernoulli_scalar_cpu_", self->dtype);
  TensorIteratorBase iter;
  if (TensorIterator_borrowing_nullary_op(&iter, self) < 0) return -1;
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = self->dtype, .a = p};
  int rc = draw_serially(&iter, bernoulli_scalar_loop2d, &c);
  TensorIterator_release(&iter);
  return rc;
}
REGISTER_DISPATCH(bernoulli_scalar_fn, bernoulli_scalar_stub, bernoulli_scalar_kernel);

/* Operand 1 is p: a double p draws a double, a float p a float.
 * PyTorch 1.13: cpu/DistributionTemplates.h bernoulli_kernel(self, p_) */
static void bernoulli_tensor_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                    int64_t size1) {
  DistributionCtx* c = ctx;
  if (c->failed) return;
  for (int64_t j = 0; j < size1; j++) {
    char* out = data[0] + j * strides[2];
    const char* p = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, out += strides[0], p += strides[1]) {
      const double p_in = c->p_is_double ? *(const double*)p : load_double(c->p_dtype, p);
      if (!(p_in >= 0 && p_in <= 1)) { /* bernoulli_distribution's check, at the element */
        Error_set(ErrorType_RuntimeError, "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this "
                                          "error message be improved?  If so, please report an enhancement request "
                                          "to PyTorch.)");
        c->failed = true;
        return;
      }
      double x = c->p_is_double ? bernoulli_distribution_double(c->gen, p_in)
                                : bernoulli_distribution_float(c->gen, (float)p_in);
      store_from_double(c->dtype, out, x);
    }
  }
}

/* PyTorch 1.13: native/cpu/DistributionKernels.cpp bernoulli_tensor_kernel,
 * cpu/DistributionTemplates.h bernoulli_kernel(self, p_) */
static int bernoulli_tensor_kernel(Tensor* self, const Tensor* p, Generator* gen) {
  /* self: AT_DISPATCH_ALL_TYPES_AND2(Bool, BFloat16); p: FLOATING_TYPES_AND(BFloat16) */
  if (ScalarType_isQuantized(self->dtype) || self->dtype == ScalarType_Half)
    return not_implemented("bernoulli_tensor_cpu_self_", self->dtype);
  if (!is_float_or_double(p->dtype) && p->dtype != ScalarType_BFloat16)
    return not_implemented("bernoulli_tensor_cpu_p_", p->dtype);
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  TensorIteratorConfig_add_output(&config, self);
  TensorIteratorConfig_add_input(&config, p);
  TensorIteratorBase iter;
  if (TensorIterator_build(&iter, &config) < 0) return -1;
  DistributionCtx c = {.gen = get_generator_or_default(gen), .dtype = self->dtype,
                       .p_is_double = p->dtype == ScalarType_Double, .p_dtype = p->dtype};
  int rc = draw_serially(&iter, bernoulli_tensor_loop2d, &c);
  TensorIterator_release(&iter);
  return rc;
}
REGISTER_DISPATCH(bernoulli_tensor_fn, bernoulli_tensor_stub, bernoulli_tensor_kernel);
