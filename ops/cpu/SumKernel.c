/*
 * SumKernel.c - sum of Float and Double tensors in PyTorch's order of
 * additions, so that the result carries the same bits.
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
 * dimensions beyond the first two (serial_for_each, one thread, as
 * reduction_serial_for_each of ops/TensorIterator.h walks them: Debian's
 * 1.13 here runs torch.get_num_threads() == 1, and with one thread
 * parallel_reduce never splits a reduction).  Each call adds its sums into
 * the output, which starts at 0 (`out += sum`, CastStoreAccumulate), so a
 * reduction split over several calls adds its partial sums in call order.
 * A tile with no reduced dimension adds its input elementwise.
 *
 * The loops carry the values as 1.13 does, in the dtype itself: an element
 * is a GCC vector of 32 bytes (SumKernelLoops.h), 8 float or 4 double lanes
 * added lane by lane, and a scalar element rides in lane 0 of such a vector
 * with its other lanes 0.  Each lane's addition is one IEEE addition in the
 * dtype, the same whatever the instructions, so the lanes hold 1.13's
 * values at every step.  The width is part of the result (the lanes decide
 * which elements are added together), so it is 32 bytes in every
 * capability: 1.13's AVX2 and DEFAULT builds both have 32-byte Vectorized,
 * and the recorded outputs are AVX2's (an AVX-512 Vectorized<float> has 16
 * lanes, another order).  The loops are compiled three times all the same
 * (GCC's target attribute: the baseline, AVX2, AVX-512), as DispatchStub's
 * copies are (Note [CPU capability dispatch] in ops/DispatchStub.h), and
 * picked by CPUCapability_get(): the baseline runs a vector as two SSE
 * halves, AVX2 and AVX-512 as one register; they differ in speed only.
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
#include "runtime/CPUCapability.h"

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

/* The loops (SumKernelLoops.h), once per (dtype, capability): the functions
 * are cascade_sum_loop_float_default ... cascade_sum_loop_double_avx512. */
#define SUM_TARGET
#define SUM_T float
#define SUM_SUFFIX float_default
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#define SUM_T double
#define SUM_SUFFIX double_default
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#undef SUM_TARGET

#if defined(__x86_64__)
#define MINATEN_SUM_X86 1

#define SUM_TARGET __attribute__((target("avx2")))
#define SUM_T float
#define SUM_SUFFIX float_avx2
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#define SUM_T double
#define SUM_SUFFIX double_avx2
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#undef SUM_TARGET

#define SUM_TARGET __attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl")))
#define SUM_T float
#define SUM_SUFFIX float_avx512
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#define SUM_T double
#define SUM_SUFFIX double_avx512
#include "ops/cpu/SumKernelLoops.h"
#undef SUM_T
#undef SUM_SUFFIX
#undef SUM_TARGET
#endif

/* One tile of the reduction: see cascade_sum_loop in SumKernelLoops.h. */
typedef void (*SumLoop)(char* data[2], const int64_t strides[4], int64_t size0, int64_t size1);

/* The loop for dtype (Float or Double) compiled for capability.
 * PyTorch 1.13: DispatchStub.h (sum_stub's choice of a CPU capability) */
static SumLoop sum_loop_for(ScalarType dtype, CPUCapability capability) {
  const bool is_float = dtype == ScalarType_Float;
  switch (capability) {
#if defined(MINATEN_SUM_X86)
    case CPUCapability_AVX512: return is_float ? cascade_sum_loop_float_avx512 : cascade_sum_loop_double_avx512;
    case CPUCapability_AVX2: return is_float ? cascade_sum_loop_float_avx2 : cascade_sum_loop_double_avx2;
#endif
    default: return is_float ? cascade_sum_loop_float_default : cascade_sum_loop_double_default;
  }
}

/* A ReductionLoop2d (ops/TensorIterator.h) running the SumLoop ctx points to. */
static void run_sum_loop(void* ctx, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {
  (*(const SumLoop*)ctx)(data, strides, size0, size1);
}

void cascade_sum(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  cascade_sum_capability(CPUCapability_get(), self, result, mask, keepdim);
}

void cascade_sum_capability(CPUCapability capability, const Tensor* self, Tensor* result, const bool* mask,
                            bool keepdim) {
  if (MetaMode_isEnabled()) return;
  SumLoop loop = sum_loop_for(self->dtype, capability);
  fill_kernel(result, Scalar_fromLong(0)); /* iter.output().fill_(0) */
  /* The reduction's tiles (sum_out: nothing more for an empty self). */
  reduction_parallel_reduce(self, result, mask, keepdim, run_sum_loop, &loop);
}
