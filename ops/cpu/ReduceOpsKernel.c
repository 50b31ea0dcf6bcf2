/*
 * ReduceOpsKernel.c - prod of Float and Double tensors, and the 2-norm of
 * contiguous Float rows, in PyTorch's order of operations, so that the
 * results carry the same bits.
 *
 * Note [Vectorized reduction order]
 * 1.13 multiplies a float32 tensor in float32 and a float64 one in float64
 * (binary_kernel_reduce_vec has no wider accumulator), and the order of the
 * multiplications follows its vector loop, whose lanes are AVX2's
 * Vectorized: 8 floats or 4 doubles (also the default build's width).  The
 * output starts at 1 (output.fill_(1)); then each two-dimensional tile of
 * the reduction's TensorIterator (reduction_serial_for_each, one thread)
 * takes one of three routes:
 *
 *   - reduced along a contiguous dimension 0 (vectorized_inner_reduction):
 *     the row is cut into blocks of 4 vectors (32 floats, 16 doubles).  Four
 *     vector accumulators start as the first block's four vectors and are
 *     multiplied, lane by lane, by each later block's; then
 *     (acc0 * acc1) * (acc2 * acc3) leaves one vector, whose lanes are
 *     multiplied together left to right, lane 0 first; that product
 *     multiplies the output.  The elements after the last whole block
 *     multiply the output one at a time, in order.
 *   - the output and the input contiguous along dimension 1, reduced along
 *     dimension 0 (vectorized_outer_reduction): 4 vectors of neighbouring
 *     outputs at a time, each lane multiplied down the reduced dimension
 *     from the first row's value, then into the output; the outputs left
 *     over (fewer than 4 vectors) one at a time down the dimension.
 *   - otherwise, element by element: output *= input along dimension 0.
 *
 * So the product of 37 floats is (((lanes of the block's 4 vectors folded
 * pairwise, then lane 0 * lane 1 * ... * lane 7) * x32) * x33 ...) * x36,
 * not x0 * x1 * ... * x36: the bits differ.  The vector form computes each
 * lane exactly as 1.13's does (one rounded multiplication per step, no
 * fused operations: the project builds with -ffp-contract=off).
 *
 * NB(minaten): 1.13 built for AVX-512 would use 16-float vectors and
 * another order; minaten fixes AVX2's, the capability 1.13 runs here.
 *
 * The extremes (amax/amin, max/min and their .dim forms, argmax/argmin) and
 * any/all of contiguous rows: Note [Extremes in two passes] below.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/ReduceOpsKernel.cpp
 * (prod_kernel_impl, max_values_kernel_impl, argmax_kernel_impl, and_kernel_impl, or_kernel_impl), native/cpu/Reduce.h (binary_kernel_reduce_vec,
 * vectorized_inner_reduction, vectorized_outer_reduction,
 * vectorized_reduction)
 */
#include "ops/cpu/ReduceOpsKernel.h"

#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/Fill.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/VecMinMax.h"
#include "ops/cpu/vec.h"
#include "runtime/Exception.h"

#if defined(__FMA__)
#include <immintrin.h> /* the FMA variant of the 2-norm only */
#endif

/* Half of one AVX2 Vectorized of each dtype: one SSE register. */
typedef float float_half_t __attribute__((vector_size(16)));
typedef double double_half_t __attribute__((vector_size(16)));

/* The loops of binary_kernel_reduce_vec, once per dtype (ProdLoop.h is
 * written in terms of scalar_t, half_t and PROD_NAME, as 1.13's template is
 * in terms of scalar_t): prod_loop_float and prod_loop_double. */
#define scalar_t float
#define half_t float_half_t
#define PROD_NAME(name) name##_float
#include "ops/cpu/ProdLoop.h"
#undef scalar_t
#undef half_t
#undef PROD_NAME

#define scalar_t double
#define half_t double_half_t
#define PROD_NAME(name) name##_double
#include "ops/cpu/ProdLoop.h"
#undef scalar_t
#undef half_t
#undef PROD_NAME

/* PyTorch 1.13: ReduceOpsKernel.cpp prod_kernel_impl */
static void prod_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  fill_kernel(result, Scalar_fromLong(1)); /* iter.output_base().fill_(1) */
  reduction_parallel_reduce(self, result, mask, keepdim,
                            result->dtype == ScalarType_Float ? prod_loop_float : prod_loop_double, NULL);
}

/*
 * Note [The 2-norm of a contiguous row]
 * 1.13 computes norm(p=2) of Float rows that are contiguous and reduced
 * alone (is_reduce_lastdim) on a path of its own: one Vectorized<float>
 * accumulator (8 lanes) takes `acc_vec += data_vec * data_vec` for each
 * whole vector of the row; the lanes are added left to right, lane 0 first;
 * the elements after the last whole vector add their squares one by one
 * (a multiplication, then an addition); the result is the float square
 * root.  The AVX2 kernel is compiled with -mfma and GCC's default
 * contraction, which turns the vector step into one fused multiply-add (one
 * rounding), while the DEFAULT kernel multiplies, then adds (two): the two
 * capabilities give different last bits, and minaten follows the one in
 * use.  Any other norm (another p, Double, a strided or several-dimension
 * reduction) accumulates element by element in ops/ReduceOpsNorm.c.
 * NB(minaten): the AVX512 capability runs AVX2's 8 lanes here, as prod
 * keeps AVX2's order (Note [Vectorized reduction order]).
 */

/* The lanes added left to right, then the squares of x[d..n) one by one, a
 * multiplication and an addition each (never fused: a function of its own,
 * not inlined into the FMA variant), then the root. */
static __attribute__((noinline)) float norm_two_finish(const float lanes[8], const float* x, int64_t d, int64_t n) {
  float acc = lanes[0];
  for (int j = 1; j < 8; j++) acc += lanes[j];
  for (; d < n; d++) acc += x[d] * x[d];
  return sqrtf(acc);
}

#if !defined(__FMA__)
/* DEFAULT: each lane's step a multiplication, then an addition (16-byte
 * halves of the 8 lanes, as in ProdLoop.h). */
static float norm_two_row(const float* x, int64_t n) {
  float_half_t lo = {0}, hi = {0}, a, b;
  int64_t d = 0;
  for (; d < n - n % 8; d += 8) {
    memcpy(&a, x + d, sizeof a);
    memcpy(&b, x + d + 4, sizeof b);
    lo += a * a;
    hi += b * b;
  }
  float lanes[8];
  memcpy(lanes, &lo, sizeof lo);
  memcpy(lanes + 4, &hi, sizeof hi);
  return norm_two_finish(lanes, x, d, n);
}
#else
/* AVX2 (and AVX512, with AVX2's 8 lanes): each lane's step one fused
 * multiply-add. */
static float norm_two_row(const float* x, int64_t n) {
  __m256 acc = _mm256_setzero_ps();
  int64_t d = 0;
  for (; d < n - n % 8; d += 8) {
    __m256 v = _mm256_loadu_ps(x + d);
    acc = _mm256_fmadd_ps(v, v, acc);
  }
  float lanes[8];
  _mm256_storeu_ps(lanes, acc);
  return norm_two_finish(lanes, x, d, n);
}
#endif

/* One tile: dimension 0 is the row, dimension 1 the outputs side by side. */
static void norm_two_loop(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  (void)ctx;
  for (int64_t j = 0; j < size1; j++)
    *(float*)(data[0] + j * strides[2]) = norm_two_row((const float*)(data[1] + j * strides[3]), size0);
}

/* NB(minaten): the rows are computed on one thread; 1.13 spreads them over
 * its threads (binary_kernel_reduce_lastdim), which changes no bits.
 * PyTorch 1.13: ReduceOpsKernel.cpp norm_kernel_tensor_iterator_impl (use_fast_path, val == 2) */
static void norm_two_lastdim_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  reduction_serial_for_each(self, result, mask, keepdim, norm_two_loop, NULL);
}

/* ---- amax, amin ------------------------------------------------------------------ */

/*
 * Note [amax in 1.13's order]
 * 1.13's amax and amin (max_values_kernel_impl, min_values_kernel_impl:
 * binary_kernel_reduce_vec) fill the output with the identity (-inf, +inf,
 * the integer type's bounds) and reduce through parallel_reduce, the route
 * of prod and sum (reduction_parallel_reduce of ops/TensorIterator.h: two
 * passes over per-thread slots for one output, else a split of the kept
 * outputs), with prod's three loops (Note [Vectorized reduction order]):
 * four Vectorized accumulators along a contiguous reduced row, four down
 * the columns of an outer reduction, element by element otherwise.  The
 * greatest value does not depend on that order, but which of two equal
 * values survives does: the vector `maximum` keeps its second operand on a
 * tie (the later element within a lane), the scalar max_impl its first (the
 * output so far), so amax of zeros of both signs can be -0.0 or 0.0
 * depending on where they sit and on the thread count; and a NaN comes out
 * as the all-ones NaN of the vector compare or max_impl's quiet NaN
 * (VecMinMax.h).  ExtremeLoop.h keeps that order for Float and Double.
 * Integers and Bool have neither signed zeros nor NaNs: any order gives
 * 1.13's result, and a plain loop (below) computes it.
 * NB(minaten): 1.13 reduces int64 amin with binary_kernel_reduce
 * (foreach_reduced_elt, MinValuesOps); the result is the same.
 */
#define scalar_t float
#define vec_t vfloat_t
#define VEC(name) vfloat_##name
#define EXT_LANES kVecFloatLanes
#define EXT_IMPL float_extreme_impl
#define EXT_NAME(name) name##_float
#include "ops/cpu/ExtremeLoop.h"
#undef scalar_t
#undef vec_t
#undef VEC
#undef EXT_LANES
#undef EXT_IMPL
#undef EXT_NAME

#define scalar_t double
#define vec_t vdouble_t
#define VEC(name) vdouble_##name
#define EXT_LANES kVecDoubleLanes
#define EXT_IMPL double_extreme_impl
#define EXT_NAME(name) name##_double
#include "ops/cpu/ExtremeLoop.h"
#undef scalar_t
#undef vec_t
#undef VEC
#undef EXT_LANES
#undef EXT_IMPL
#undef EXT_NAME

/* The loops of an integer (or bool) dtype: out = the greater (lesser) of
 * out and each element; a contiguous row in one register the compiler can
 * vectorize. */
#define DEFINE_INT_EXTREME_LOOPS(T, name, LOAD)                                                          \
  static inline __attribute__((always_inline)) void int_extreme_loop_##name(                              \
      bool max, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {                  \
    for (int64_t j = 0; j < size1; j++) {                                                                 \
      char* o = data[0] + j * strides[2];                                                                 \
      const char* p = data[1] + j * strides[3];                                                           \
      if (strides[0] == 0 && strides[1] == sizeof(T)) {                                                   \
        const T* a = (const T*)p;                                                                         \
        T m = *(T*)o;                                                                                     \
        for (int64_t i = 0; i < size0; i++) m = (max ? LOAD(a[i]) > m : LOAD(a[i]) < m) ? LOAD(a[i]) : m; \
        *(T*)o = m;                                                                                       \
        continue;                                                                                         \
      }                                                                                                   \
      for (int64_t i = 0; i < size0; i++) {                                                               \
        T* oi = (T*)(o + i * strides[0]);                                                                 \
        T v = LOAD(*(const T*)(p + i * strides[1]));                                                      \
        if (max ? v > *oi : v < *oi) *oi = v;                                                             \
      }                                                                                                   \
    }                                                                                                     \
  }                                                                                                       \
  static void max_values_loop_##name(void* ctx, char* data[2], const int64_t strides[4], int64_t size0,   \
                                     int64_t size1) {                                                     \
    (void)ctx;                                                                                            \
    int_extreme_loop_##name(true, data, strides, size0, size1);                                          \
  }                                                                                                       \
  static void min_values_loop_##name(void* ctx, char* data[2], const int64_t strides[4], int64_t size0,   \
                                     int64_t size1) {                                                     \
    (void)ctx;                                                                                            \
    int_extreme_loop_##name(false, data, strides, size0, size1);                                         \
  }
#define AS_STORED(x) (x)
#define BOOL_OF_BYTE(x) ((uint8_t)((x) != 0)) /* a bool's byte: nonzero is true (any byte may be stored) */
DEFINE_INT_EXTREME_LOOPS(uint8_t, Byte, AS_STORED)
DEFINE_INT_EXTREME_LOOPS(int8_t, Char, AS_STORED)
DEFINE_INT_EXTREME_LOOPS(int16_t, Short, AS_STORED)
DEFINE_INT_EXTREME_LOOPS(int32_t, Int, AS_STORED)
DEFINE_INT_EXTREME_LOOPS(int64_t, Long, AS_STORED)
DEFINE_INT_EXTREME_LOOPS(uint8_t, Bool, BOOL_OF_BYTE)
#undef DEFINE_INT_EXTREME_LOOPS
#undef AS_STORED
#undef BOOL_OF_BYTE

/* The loops of Half and BFloat16: each element widened to float, a NaN
 * kept once met (1.13's scalar max_impl and min_impl on c10::Half). */
#define DEFINE_REDUCED_EXTREME_LOOPS(name)                                                              \
  static inline __attribute__((always_inline)) void reduced_extreme_loop_##name(                        \
      bool max, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {                \
    for (int64_t j = 0; j < size1; j++)                                                                 \
      for (int64_t i = 0; i < size0; i++) {                                                             \
        char* o = data[0] + j * strides[2] + i * strides[0];                                            \
        float v = name##_toFloat(*(const name*)(data[1] + j * strides[3] + i * strides[1]));           \
        float m = name##_toFloat(*(const name*)o);                                                      \
        if (!isnan(m) && (isnan(v) || (max ? v > m : v < m))) *(name*)o = name##_fromFloat(v);          \
      }                                                                                                 \
  }                                                                                                     \
  static void max_values_loop_##name(void* ctx, char* data[2], const int64_t strides[4], int64_t size0, \
                                     int64_t size1) {                                                   \
    (void)ctx;                                                                                          \
    reduced_extreme_loop_##name(true, data, strides, size0, size1);                                    \
  }                                                                                                     \
  static void min_values_loop_##name(void* ctx, char* data[2], const int64_t strides[4], int64_t size0, \
                                     int64_t size1) {                                                   \
    (void)ctx;                                                                                          \
    reduced_extreme_loop_##name(false, data, strides, size0, size1);                                   \
  }
DEFINE_REDUCED_EXTREME_LOOPS(Half)
DEFINE_REDUCED_EXTREME_LOOPS(BFloat16)
#undef DEFINE_REDUCED_EXTREME_LOOPS

/* The loop of dtype t, max or min; NULL for a dtype without one. */
static loop2d_t extreme_values_loop(ScalarType t, bool max) {
  switch (t) {
#define CASE(name)          \
  case ScalarType_##name: \
    return max ? max_values_loop_##name : min_values_loop_##name;
    CASE(Byte) CASE(Char) CASE(Short) CASE(Int) CASE(Long) CASE(Bool) CASE(Half) CASE(BFloat16)
#undef CASE
    case ScalarType_Float: return max ? max_values_loop_float : min_values_loop_float;
    case ScalarType_Double: return max ? max_values_loop_double : min_values_loop_double;
    default: return NULL;
  }
}

/* amax's identity (lower_bound), amin's (upper_bound), of dtype t.
 * PyTorch 1.13: c10/util/... lower_bound, upper_bound (ReduceOpsUtils.h) */
static Scalar extreme_identity(ScalarType t, bool max) {
  switch (t) {
    case ScalarType_Float:
    case ScalarType_Double:
    case ScalarType_Half:
    case ScalarType_BFloat16: return Scalar_fromDouble(max ? -INFINITY : INFINITY);
    case ScalarType_Bool: return Scalar_fromBool(!max);
    case ScalarType_Byte: return Scalar_fromLong(max ? 0 : UINT8_MAX);
    case ScalarType_Char: return Scalar_fromLong(max ? INT8_MIN : INT8_MAX);
    case ScalarType_Short: return Scalar_fromLong(max ? INT16_MIN : INT16_MAX);
    case ScalarType_Int: return Scalar_fromLong(max ? INT32_MIN : INT32_MAX);
    default: return Scalar_fromLong(max ? INT64_MIN : INT64_MAX);
  }
}

/* PyTorch 1.13: ReduceOpsKernel.cpp max_values_kernel_impl, min_values_kernel_impl */
static void extreme_values_kernel_impl(bool max, const Tensor* self, Tensor* result, const bool* mask,
                                       bool keepdim) {
  if (MetaMode_isEnabled()) return;
  loop2d_t loop = extreme_values_loop(result->dtype, max);
  TORCH_INTERNAL_ASSERT(loop != NULL && result->dtype == self->dtype);
  fill_kernel(result, extreme_identity(result->dtype, max)); /* iter.output_base().fill_(ident) */
  reduction_parallel_reduce(self, result, mask, keepdim, loop, NULL);
}
static void max_values_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  extreme_values_kernel_impl(true, self, result, mask, keepdim);
}
static void min_values_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  extreme_values_kernel_impl(false, self, result, mask, keepdim);
}

/* ---- the reductions that pick an extreme; any, all ------------------------------ */

/*
 * Note [Extremes in two passes]
 * argmax/argmin and max.dim/min.dim want one element: the first NaN if
 * there is one (a NaN beats every number), else the first element that
 * compares equal to the greatest (least) value; ties, -0.0 == 0.0 among
 * them, go to the first index.  PyTorch's scalar rule (SharedReduceOps.h:
 * ArgMaxOps, GreaterOrNan; TensorCompareKernel.cpp max_kernel_impl) walks
 * the elements in order, carrying the best so far and its index.  (amax
 * and max() take their value in another order, with 1.13's vector loops:
 * Note [amax in 1.13's order], ReduceAllOpsKernel.c.)
 *
 * The greatest value does not depend on the order, so the vector loop finds
 * it lane by lane, each lane keeping where(x > m, x, m) (extreme_lanes: one
 * maxps per vector, as many lanes as the capability has), together with
 * a mask of the NaNs seen; the lanes are combined at the end.
 * Only then is the order needed, and a second pass finds it: the first NaN,
 * or the first element equal to the extreme, a vector compare per step that
 * stops at the first hit: one pass and a part (half a pass more on average
 * for data in random order, a few vectors when the extreme comes early).
 * The index is the scalar rule's whatever the lanes' order.
 *
 * On 4M floats (AVX2, callgrind) argmax runs 6.0M instructions (libtorch
 * 1.13: 67M); reduce_loop's walk, which a transposed 2000 x 2000 matrix
 * still takes, runs 80 per element.
 */

/* The reductions' vectors: the capability's (kRedBytes = VEC_BYTES) where
 * it has AVX, SSE's 16 bytes in DEFAULT.  (GCC 12 turns every comparison of
 * a 32-byte vector into scalar code when it has no 32-byte registers, and
 * the reductions are made of comparisons; the elementwise loops above keep
 * Vectorized<float>'s 32 bytes.) */
#if defined(__AVX__)
enum { kRedBytes = VEC_BYTES };
#else
enum { kRedBytes = 16 };
#endif
enum { kRedLanes = kRedBytes / 4 };
typedef float rvec __attribute__((vector_size(kRedBytes)));
typedef int32_t rivec __attribute__((vector_size(kRedBytes)));
static inline rvec rload(const float* p) {
  rvec v;
  memcpy(&v, p, sizeof v);
  return v;
}
/* f in every lane, its bits copied: (rvec){0} + f would turn -0.0 into
 * +0.0, and the sign of a zero is part of the reductions' answer. */
static inline rvec rsplat(float f) {
  rvec v;
  for (int l = 0; l < kRedLanes; l++) v[l] = f;
  return v;
}

/* Whether some lane of a mask is set: the lanes ORed as 64-bit words (a
 * vector OR, then a test of one register, where the compiler sees it). */
typedef uint64_t rqvec __attribute__((vector_size(kRedBytes)));
static inline bool any_lane(rivec mask) {
  rqvec q = (rqvec)mask;
  uint64_t r = 0;
  for (int l = 0; l < kRedBytes / 8; l++) r |= q[l];
  return r != 0;
}

/* The lanes where x or y is a NaN: (x != x) | (y != y), which is one
 * unordered compare of x with y (cmpunordps: AVX's on 32-byte halves where
 * the capability has AVX, SSE's in DEFAULT). */
static inline rivec unordered(rvec x, rvec y) {
#if defined(__AVX__)
  rivec r;
  for (int h = 0; h < kRedBytes / 32; h++) {
    __m256 xh, yh;
    memcpy(&xh, (const char*)&x + 32 * h, 32);
    memcpy(&yh, (const char*)&y + 32 * h, 32);
    __m256 u = _mm256_cmp_ps(xh, yh, _CMP_UNORD_Q);
    memcpy((char*)&r + 32 * h, &u, 32);
  }
  return r;
#elif defined(__SSE2__)
  rivec r;
  for (int h = 0; h < kRedBytes / 16; h++) {
    __m128 xh, yh;
    memcpy(&xh, (const char*)&x + 16 * h, 16);
    memcpy(&yh, (const char*)&y + 16 * h, 16);
    __m128 u = _mm_cmpunord_ps(xh, yh);
    memcpy((char*)&r + 16 * h, &u, 16);
  }
  return r;
#else
  return (x != x) | (y != y);
#endif
}

/* where(x > m, x, m) for max, where(x < m, x, m) for min, lane by lane: m
 * unless x is greater (less), so a NaN or an equal value (-0.0 against
 * 0.0) leaves m.  That is x86's maxps/minps exactly (the second operand
 * unless the first compares greater), one instruction instead of a compare
 * and a blend: AVX's on 32-byte halves where the capability has AVX (the
 * AVX512 copy's 64-byte vectors as two halves, as store_stream does), SSE's
 * in DEFAULT; the compare and the blend elsewhere. */
static inline rvec extreme_lanes(bool max, rvec x, rvec m) {
#if defined(__AVX__)
  for (int h = 0; h < kRedBytes / 32; h++) {
    __m256 xh, mh;
    memcpy(&xh, (const char*)&x + 32 * h, 32);
    memcpy(&mh, (const char*)&m + 32 * h, 32);
    mh = max ? _mm256_max_ps(xh, mh) : _mm256_min_ps(xh, mh);
    memcpy((char*)&m + 32 * h, &mh, 32);
  }
  return m;
#elif defined(__SSE2__)
  for (int h = 0; h < kRedBytes / 16; h++) {
    __m128 xh, mh;
    memcpy(&xh, (const char*)&x + 16 * h, 16);
    memcpy(&mh, (const char*)&m + 16 * h, 16);
    mh = max ? _mm_max_ps(xh, mh) : _mm_min_ps(xh, mh);
    memcpy((char*)&m + 16 * h, &mh, 16);
  }
  return m;
#else
  rivec beats = max ? x > m : x < m;
  return (rvec)((beats & (rivec)x) | (~beats & (rivec)m));
#endif
}

/* The first m (< kRedLanes) floats at p, the other lanes pad (extreme_pass
 * pads with a[0], which beats no lane, and is a NaN only if one was seen). */
static inline rvec load_padded(const float* p, int64_t m, float pad) {
  rvec v = rsplat(pad);
  memcpy(&v, p, (size_t)m * sizeof(float));
  return v;
}

/* What the first pass learns of n >= 1 floats: the greatest (least)
 * non-NaN value (a zero of either sign if the extreme is zero) and
 * whether a NaN was among them. */
typedef struct ExtremePass {
  float extreme;
  bool nan;
} ExtremePass;

static inline __attribute__((always_inline)) ExtremePass extreme_pass(bool max, const float* a, int64_t n) {
  /* Four vectors a step, in two independent chains of extreme_lanes (even
   * and odd vectors), so that one does not wait for the previous vector's
   * result; the NaN masks of a step ORed together before they meet their
   * accumulator.  (Four chains and the masks need more than AVX2's 16
   * registers.) */
  rvec m[2] = {rsplat(a[0]), rsplat(a[0])};
  rivec nan = {0};
  int64_t i = 0;
  for (; i + 4 * kRedLanes <= n; i += 4 * kRedLanes) {
    rvec x[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
      x[k] = rload(a + i + k * kRedLanes);
      m[k % 2] = extreme_lanes(max, x[k], m[k % 2]);
    }
    nan |= unordered(x[0], x[1]) | unordered(x[2], x[3]);
  }
  for (; i < n; i += kRedLanes) {
    rvec x = i + kRedLanes <= n ? rload(a + i) : load_padded(a + i, n - i, a[0]);
    m[0] = extreme_lanes(max, x, m[0]);
    nan |= x != x;
  }
  ExtremePass r = {m[0][0], any_lane(nan)};
  for (int c = 0; c < 2; c++)
    for (int l = 0; l < kRedLanes; l++)
      if (max ? m[c][l] > r.extreme : m[c][l] < r.extreme) r.extreme = m[c][l];
  return r;
}

enum { kFindBlock = 4 }; /* vectors compared between two tests of the hits */

/* The index of the first of n floats that is a NaN (nan) or equals v, n if
 * none: kFindBlock vectors compared per step, their hits ORed and tested
 * once; only the block with a hit is looked at element by element. */
static inline __attribute__((always_inline)) int64_t find_first(const float* a, int64_t n, bool nan, float v) {
  rvec y = rsplat(v);
  int64_t i = 0;
  for (; i + kFindBlock * kRedLanes <= n; i += kFindBlock * kRedLanes) {
    rivec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      rvec x = rload(a + i + k * kRedLanes);
      hits |= nan ? x != x : x == y;
    }
    if (any_lane(hits)) break;
  }
  for (; i < n; i++)
    if (nan ? a[i] != a[i] : a[i] == v) return i;
  return n;
}

/* The index of the first NaN, else of the first element equal to the
 * greatest (least) value, of n >= 1 contiguous floats.
 * PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp argmax_kernel_impl,
 * argmin_kernel_impl; native/SharedReduceOps.h ArgMaxOps, ArgMinOps */
static inline __attribute__((always_inline)) int64_t arg_extreme_loop(bool max, const float* a, int64_t n) {
  ExtremePass p = extreme_pass(max, a, n);
  return find_first(a, n, p.nan, p.extreme);
}
static int64_t arg_extreme_float(const float* a, int64_t n, bool max) {
  return max ? arg_extreme_loop(true, a, n) : arg_extreme_loop(false, a, n);
}

/* any/all: whether some element of n compares (zero ? == : !=) to zero.
 * any is has_nonzero, all is !has_zero; both stop at the first block with
 * a hit.  PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp and_kernel_impl,
 * or_kernel_impl */
static bool has_float(const float* a, int64_t n, bool zero) {
  int64_t i = 0;
  for (; i + kFindBlock * kRedLanes <= n; i += kFindBlock * kRedLanes) {
    rivec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      rvec x = rload(a + i + k * kRedLanes);
      hits |= zero ? x == 0 : x != 0; /* -0.0 == 0; NaN != 0 */
    }
    if (any_lane(hits)) return true;
  }
  for (; i < n; i++)
    if (zero ? a[i] == 0 : a[i] != 0) return true;
  return false;
}

/* The same for 1-byte elements (bool, uint8, int8: nonzero byte, nonzero
 * element). */
typedef uint8_t ru8vec __attribute__((vector_size(kRedBytes)));
static bool has_byte(const uint8_t* a, int64_t n, bool zero) {
  int64_t i = 0;
  for (; i + kFindBlock * kRedBytes <= n; i += kFindBlock * kRedBytes) {
    ru8vec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      ru8vec x;
      memcpy(&x, a + i + k * kRedBytes, sizeof x);
      hits |= (ru8vec)(zero ? x == 0 : x != 0);
    }
    if (any_lane((rivec)hits)) return true;
  }
  for (; i < n; i++)
    if (zero ? a[i] == 0 : a[i] != 0) return true;
  return false;
}

REGISTER_DISPATCH(prod_fn, prod_stub, prod_kernel_impl);
REGISTER_DISPATCH(extreme_values_fn, max_values_stub, max_values_kernel_impl);
REGISTER_DISPATCH(extreme_values_fn, min_values_stub, min_values_kernel_impl);
REGISTER_DISPATCH(norm_two_lastdim_fn, norm_two_lastdim_stub, norm_two_lastdim_kernel_impl);
REGISTER_DISPATCH(arg_extreme_float_fn, arg_extreme_float_stub, arg_extreme_float);
REGISTER_DISPATCH(has_float_fn, has_float_stub, has_float);
REGISTER_DISPATCH(has_byte_fn, has_byte_stub, has_byte);
