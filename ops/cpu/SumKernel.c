/*
 * SumKernel.c - sum of Float, Double, Half and BFloat16 tensors in
 * PyTorch's order of additions, so that the result carries the same bits
 * (Half and BFloat16 summed in float: Note [Summing Half and BFloat16]).
 *
 * Note [Cascade sum]
 * 1.13 sums a float32 tensor in float32 (acc_type<float, is_cuda=true>) and
 * a float64 one in float64, never widening, and keeps the rounding error
 * small by the order of its additions instead.  multi_row_sum reads a row
 * of `size` elements once, front to back, into four accumulator levels:
 * level 0 takes 2^p consecutive elements (p = max(4, ceil_log2(size) / 4)),
 * then is added into level 1 and cleared; whenever 2^p blocks have gone
 * into level 1 it is added into level 2, and so on up to level 3.  What is
 * left after the last full block goes into level 0, and the result is
 * level 0 + level 1 + level 2 + level 3.  Sums of chunks are thus added to
 * sums of chunks of about the same size (a pairwise sum with fan-out 2^p),
 * in one pass with O(1) storage.
 *
 * The elements are not fed one by one.  row_sum views a row as
 * (size / 4, 4) and sums the four columns side by side (instruction-level
 * parallelism), adds the leftover size % 4 elements to column 0, then
 * columns 1, 2 and 3 to column 0.  And an "element" may be a vector of
 * lanes (8 floats or 4 doubles: AVX2's 32-byte Vectorized, which is also
 * the default build's width) whose lanes are summed independently:
 *
 *   - a reduction along a contiguous dimension of at least one vector
 *     (vectorized_inner_sum) row_sums the row's whole vectors lane by lane,
 *     then adds the leftover tail elements to 0 one by one, then the lanes,
 *     0 to 7, to that;
 *   - a reduction whose kept dimension is contiguous (vectorized_outer_sum)
 *     sums 4 vectors of neighbouring outputs at a time down the reduced
 *     dimension, then single vectors, then single outputs (minaten runs up
 *     to 4 of those groups of 4 vectors down the rows together: the same
 *     additions for each output, a quarter of the passes over memory);
 *   - otherwise scalar rows: one output at a time along the smaller stride
 *     (scalar_inner_sum), or four neighbouring outputs at a time
 *     (scalar_outer_sum).
 *
 * Which of these runs is decided per two-dimensional tile of 1.13's
 * TensorIterator: the reduction's dimensions are ordered with the reduced
 * ones innermost (reorder_dimensions_reduction), merged where memory allows
 * (coalesce_dimensions), and the loop is called once per step of the
 * dimensions beyond the first two (parallel_reduce: reduction_parallel_reduce of
 * ops/TensorIterator.h, which above 32768 elements and one thread splits a
 * reduction to one element into per-thread partial sums, added by this
 * same loop).  Each call adds its sums into
 * the output, which starts at 0 (`out += sum`, CastStoreAccumulate), so a
 * reduction split over several calls adds its partial sums in call order.
 * A tile with no reduced dimension adds its input elementwise.
 *
 * The loops carry the values as 1.13 does, in the dtype itself (Half and
 * BFloat16 in float: Note [Summing Half and BFloat16]): an element
 * is a GCC vector of 32 bytes (SumKernelLoops.h), 8 float or 4 double lanes
 * added lane by lane, and a scalar element rides in lane 0 of such a vector
 * with its other lanes 0.  Each lane's addition is one IEEE addition in the
 * dtype, the same whatever the instructions, so the lanes hold 1.13's
 * values at every step.  The width is part of the result (the lanes decide
 * which elements are added together), so it is 32 bytes in every
 * capability: 1.13's AVX2 and DEFAULT builds both have 32-byte Vectorized,
 * and the recorded outputs are AVX2's (an AVX-512 Vectorized<float> has 16
 * lanes, another order).  This file is compiled once per capability and
 * registers sum_kernel_impl into sum_stub (Note [CPU capability dispatch]
 * in ops/DispatchStub.h): the baseline runs a vector as two SSE halves,
 * AVX2 and AVX-512 as one register; they differ in speed only.
 * There is only addition here, no multiply-add that -ffp-contract could fuse.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SumKernel.cpp (cascade_sum,
 * multi_row_sum, row_sum, vectorized_inner_sum, vectorized_outer_sum,
 * scalar_inner_sum, scalar_outer_sum), TensorIterator.cpp
 * (parallel_reduce, serial_for_each), native/cpu/utils.h (CeilLog2),
 * ATen/cpu/vec/vec256 (Vectorized<float>, Vectorized<double>)
 */
#include "ops/cpu/SumKernel.h"

#include <string.h> /* memcpy, in SumKernelLoops.h */

#include "ops/Fill.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/DispatchStub.h"
#include "ops/cpu/vec_reduced.h"
#include "runtime/BFloat16.h"

enum {
  kNumLevels = 4,    /* multi_row_sum's accumulator levels */
  kIlpFactor = 4,    /* row_sum's columns */
  kNrows = 4,        /* outputs (vectors of outputs) summed side by side by the outer sums */
  kVectorBytes = 32, /* Vectorized<scalar_t> on AVX2: 8 floats, 4 doubles */
  kOuterGroups = 4,  /* groups of kNrows vectors that vectorized_outer_sum runs together */
  kMaxCols = kOuterGroups * kNrows, /* multi_row_sum's widest row */
};
_Static_assert(kIlpFactor == kNrows, "multi_row_sum sums kNrows columns for both");

/* ceil(log2(x)), 1 for x <= 2.  PyTorch 1.13: native/cpu/utils.h CeilLog2 */
static inline int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll((unsigned long long)(x - 1));
}

/* The kinds of element the loops load (SumKernelLoops.h: FN(load)). */
enum { kScalarElement = 0, kInnerElement = 1, kOuterElement = 2 };

typedef float SumFloatVec __attribute__((vector_size(kVectorBytes)));
typedef double SumDoubleVec __attribute__((vector_size(kVectorBytes)));
_Static_assert(sizeof(SumFloatVec) == sizeof(f8vec), "8 float lanes");

static inline SumFloatVec load_float_vec(const char* p) {
  SumFloatVec v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline SumDoubleVec load_double_vec(const char* p) {
  SumDoubleVec v;
  memcpy(&v, p, sizeof v);
  return v;
}

/*
 * Note [Summing Half and BFloat16]
 * 1.13 sums Half and BFloat16 in float (acc_type<Half, true> is float:
 * "addition has to be performed in float"), in the cascade's order, and
 * converts on load (SumKernel.cpp's cast load policies):
 *  - one element: widened to float (CastLoadPolicy);
 *  - vectorized_inner_sum's element is a whole Vectorized<scalar_t>, 16
 *    elements (32 bytes), folded into 8 float lanes as it is loaded
 *    (InnerSumCastLoadPolicy): for Half, whose Vectorized is 1.13's generic
 *    one, by load_reduce_vec, lane i = (0 + x[2i]) + x[2i+1]; for BFloat16
 *    by load_fp32_from_bf16 and one vector addition, lane i = x[i] + x[i + 8];
 *  - vectorized_outer_sum's element is 8 neighbouring elements widened to
 *    8 float lanes (OuterSumCastLoadPolicy);
 *  - the vector paths are taken from 16 elements on (vec_t::size()), not 8;
 *  - the result goes into the output through c10::Half's `+=`, whose float
 *    operand is first converted to Half: out = round(out + round(sum))
 *    (CastStoreAccumulate), once per call of the loop; a tile with no
 *    reduced dimension adds in Half (round(out + in)).
 * The widening is exact in every copy (Note [Half and BFloat16 lanes] in
 * ops/cpu/vec_reduced.h); the additions are float additions, lane by lane.
 */
static inline SumFloatVec load_half_inner(const char* p) {
  SumFloatVec lo = half8_to_float8(p), hi = half8_to_float8(p + 16);
  /* (__builtin_shufflevector: GCC 12 and clang both have it) */
  SumFloatVec even = __builtin_shufflevector(lo, hi, 0, 2, 4, 6, 8, 10, 12, 14);
  SumFloatVec odd = __builtin_shufflevector(lo, hi, 1, 3, 5, 7, 9, 11, 13, 15);
  return ((SumFloatVec){0} + even) + odd;
}
static inline SumFloatVec load_bfloat16_inner(const char* p) {
  return bfloat16x8_to_float8(p) + bfloat16x8_to_float8(p + 16);
}
static inline float load_half_element(const char* p) { return Half_toFloat(*(const Half*)p); }
static inline float load_bfloat16_element(const char* p) { return BFloat16_toFloat(*(const BFloat16*)p); }
/* PyTorch 1.13: SumKernel.cpp CastStoreAccumulate<Half, float> (Half += float) */
static inline void half_add_float(char* p, float v) {
  Half* o = (Half*)p;
  *o = Half_fromFloat(Half_toFloat(*o) + Half_toFloat(Half_fromFloat(v)));
}
static inline void bfloat16_add_float(char* p, float v) {
  BFloat16* o = (BFloat16*)p;
  *o = BFloat16_fromFloat(BFloat16_toFloat(*o) + BFloat16_toFloat(BFloat16_fromFloat(v)));
}

/* The loops (SumKernelLoops.h), once per dtype: cascade_sum_loop_float,
 * cascade_sum_loop_double, cascade_sum_loop_half and cascade_sum_loop_bfloat16. */
#define SUM_T float
#define SUM_ACC float
#define SUM_SUFFIX float
#define SUM_LOAD(p) (*(const float*)(p))
#define SUM_LOAD_INNER(p) load_float_vec(p)
#define SUM_LOAD_OUTER(p) load_float_vec(p)
#define SUM_STORE_ACCUMULATE(p, v) (*(float*)(p) += (v))
#define SUM_ADD_ELEMENT(o, p) (*(float*)(o) += *(const float*)(p))
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_ACC
#undef SUM_SUFFIX
#undef SUM_LOAD
#undef SUM_LOAD_INNER
#undef SUM_LOAD_OUTER
#undef SUM_STORE_ACCUMULATE
#undef SUM_ADD_ELEMENT
#define SUM_T double
#define SUM_ACC double
#define SUM_SUFFIX double
#define SUM_LOAD(p) (*(const double*)(p))
#define SUM_LOAD_INNER(p) load_double_vec(p)
#define SUM_LOAD_OUTER(p) load_double_vec(p)
#define SUM_STORE_ACCUMULATE(p, v) (*(double*)(p) += (v))
#define SUM_ADD_ELEMENT(o, p) (*(double*)(o) += *(const double*)(p))
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#undef SUM_LOAD
#undef SUM_LOAD_INNER
#undef SUM_LOAD_OUTER
#undef SUM_STORE_ACCUMULATE
#undef SUM_ADD_ELEMENT
#undef SUM_ACC
#define SUM_T uint16_t
#define SUM_ACC float
#define SUM_SUFFIX half
#define SUM_LOAD(p) load_half_element(p)
#define SUM_LOAD_INNER(p) load_half_inner(p)
#define SUM_LOAD_OUTER(p) half8_to_float8(p)
#define SUM_STORE_ACCUMULATE(p, v) half_add_float(p, v)
#define SUM_ADD_ELEMENT(o, p) half_add_float(o, load_half_element(p)) /* in is a Half: round(in) == in */
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_SUFFIX
#undef SUM_LOAD
#undef SUM_LOAD_INNER
#undef SUM_LOAD_OUTER
#undef SUM_STORE_ACCUMULATE
#undef SUM_ADD_ELEMENT
#define SUM_SUFFIX bfloat16
#define SUM_LOAD(p) load_bfloat16_element(p)
#define SUM_LOAD_INNER(p) load_bfloat16_inner(p)
#define SUM_LOAD_OUTER(p) bfloat16x8_to_float8(p)
#define SUM_STORE_ACCUMULATE(p, v) bfloat16_add_float(p, v)
#define SUM_ADD_ELEMENT(o, p) bfloat16_add_float(o, load_bfloat16_element(p))
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_ACC
#undef SUM_SUFFIX
#undef SUM_LOAD
#undef SUM_LOAD_INNER
#undef SUM_LOAD_OUTER
#undef SUM_STORE_ACCUMULATE
#undef SUM_ADD_ELEMENT

#include "ops/cpu/SumKernelComplex.h" /* complex64 and complex128, on the float and double loops */

/* A loop2d (ops/TensorIterator.h) running the dtype's loop. */
static void cascade_sum_loop2d_float(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  (void)ctx;
  cascade_sum_loop_float(data, strides, size0, size1);
}
static void cascade_sum_loop2d_double(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                      int64_t size1) {
  (void)ctx;
  cascade_sum_loop_double(data, strides, size0, size1);
}
static void cascade_sum_loop2d_half(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  (void)ctx;
  cascade_sum_loop_half(data, strides, size0, size1);
}
static void cascade_sum_loop2d_complex_float(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                             int64_t size1) {
  (void)ctx;
  cascade_sum_loop_complex(false, data, strides, size0, size1);
}
static void cascade_sum_loop2d_complex_double(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                              int64_t size1) {
  (void)ctx;
  cascade_sum_loop_complex(true, data, strides, size0, size1);
}
static void cascade_sum_loop2d_bfloat16(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                        int64_t size1) {
  (void)ctx;
  cascade_sum_loop_bfloat16(data, strides, size0, size1);
}

/* PyTorch 1.13: SumKernel.cpp sum_kernel_impl, cascade_sum */
static void sum_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  fill_kernel(result, Scalar_fromLong(0)); /* iter.output().fill_(0) */
  /* The reduction's tiles (sum_out: nothing more for an empty self). */
  ReductionLoop2d loop = self->dtype == ScalarType_Float      ? cascade_sum_loop2d_float
                         : self->dtype == ScalarType_Double   ? cascade_sum_loop2d_double
                         : self->dtype == ScalarType_Half     ? cascade_sum_loop2d_half
                         : self->dtype == ScalarType_ComplexFloat  ? cascade_sum_loop2d_complex_float
                         : self->dtype == ScalarType_ComplexDouble ? cascade_sum_loop2d_complex_double
                                                              : cascade_sum_loop2d_bfloat16;
  reduction_parallel_reduce(self, result, mask, keepdim, loop, NULL);
}
REGISTER_DISPATCH(sum_fn, sum_stub, sum_kernel_impl);
