/*
 * ReduceAllOpsKernel.c - max() and min() of every element of a contiguous
 * Float or Double tensor, in 1.13's order on 1.13's threads.
 *
 * Note [max() in 1.13's order]
 * 1.13's max() and min() do not share amax's route (Note [amax in 1.13's
 * order] in ReduceOpsKernel.c): max_all_kernel_impl reduces the contiguous
 * input with at::parallel_reduce over the element range (the chunks of
 * parallel_for: one per thread above GRAIN_SIZE elements, divup(n, threads)
 * each), each chunk by vec::reduce_all, one Vectorized accumulator:
 *
 *   acc = the chunk's first vector; acc = maximum(acc, each later whole
 *   vector); the lanes of a partial last vector replaced by maximum(acc,
 *   it) (Vec::set), the others kept; then the lanes folded into one value:
 *   for AVX2's floats a tree (halves swapped, then pairs, then neighbours:
 *   lane 0 = m(m(m(a0, a4), m(a2, a6)), m(m(a1, a5), m(a3, a7))),
 *   VecReduceAllSIMD), for doubles and in DEFAULT lane 0 folded with each
 *   later lane in turn (vec_reduce_all).  A chunk shorter than one vector
 *   folds its elements the same way.
 *
 * On one thread that value is the result; on several, each thread's value
 * lands in its slot of max_threads slots that start as the identity (-inf
 * for max), and the slots are combined in order by the scalar max_impl
 * from the identity.  The vector maximum keeps its second operand on a tie
 * and the scalar one its first (VecMinMax.h), so the sign of a zero result
 * and the bits of a NaN depend on all of that, and on the thread count: 1.13
 * gives max() == 0.0 and amax() == -0.0 for the same 10^5 zeros of
 * alternating sign.
 * NB(minaten): the AVX512 copy keeps AVX2's tree, as prod keeps AVX2's
 * order; 1.13 runs AVX2 here.  Integers and Bool go to amax's kernel: with
 * neither signed zeros nor NaNs, every order gives 1.13's result.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/ReduceAllOpsKernel.cpp
 * (max_all_kernel_impl, min_all_kernel_impl, reduce_all_kernel_vec),
 * ATen/cpu/vec/functional_base.h (reduce_all, vec_reduce_all,
 * VecReduceAllSIMD), ATen/Parallel-inl.h (parallel_reduce)
 */
#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/MetaMode.h"
#include "ops/ReduceAllOps.h"
#include "ops/cpu/VecMinMax.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

/* vec_reduce_all's fold: lane 0 = m(... m(m(a0, a1), a2) ..., a[size-1]),
 * each step a vector maximum whose operand has the next lane in lane 0. */
#define DEFINE_REDUCE_ALL(scalar_t, VEC, LANES, name)                                          \
  static inline scalar_t vec_reduce_all_fold_##name(bool max, const scalar_t* lanes, int64_t size) { \
    VEC##_t acc = VEC##_loadu(lanes);                                                          \
    for (int64_t i = 1; i < size; i++) {                                                       \
      scalar_t next[LANES] = {0};                                                              \
      next[0] = lanes[i];                                                                      \
      acc = VEC##_extreme(max, acc, VEC##_loadu(next));                                        \
    }                                                                                          \
    scalar_t out[LANES];                                                                       \
    VEC##_storeu(out, acc);                                                                    \
    return out[0];                                                                             \
  }

DEFINE_REDUCE_ALL(float, vfloat, kVecFloatLanes, float)
DEFINE_REDUCE_ALL(double, vdouble, kVecDoubleLanes, double)
#undef DEFINE_REDUCE_ALL

/* The lanes of a float accumulator into one value: AVX2's tree, DEFAULT's fold.
 * PyTorch 1.13: functional_base.h VecReduceAllSIMD<float> (CPU_CAPABILITY_AVX2), vec_reduce_all */
static float vec_reduce_all_float(bool max, vfloat_t acc) {
  float lanes[kVecFloatLanes];
  vfloat_storeu(lanes, acc);
#if defined(__AVX__)
  /* halves swapped (permute2f128 0x1), pairs swapped (shuffle 0x4E), neighbours swapped (shuffle 0xB1) */
  static const int perm[3][kVecFloatLanes] = {{4, 5, 6, 7, 0, 1, 2, 3}, {2, 3, 0, 1, 6, 7, 4, 5}, {1, 0, 3, 2, 5, 4, 7, 6}};
  for (int s = 0; s < 3; s++) {
    float shuffled[kVecFloatLanes];
    for (int l = 0; l < kVecFloatLanes; l++) shuffled[l] = lanes[perm[s][l]];
    vfloat_storeu(lanes, vfloat_extreme(max, vfloat_loadu(lanes), vfloat_loadu(shuffled)));
  }
  return lanes[0];
#else
  return vec_reduce_all_fold_float(max, lanes, kVecFloatLanes);
#endif
}

/* The lanes of a double accumulator into one value (1.13 has no tree for
 * doubles).  PyTorch 1.13: functional_base.h vec_reduce_all */
static double vec_reduce_all_double(bool max, vdouble_t acc) {
  double lanes[kVecDoubleLanes];
  vdouble_storeu(lanes, acc);
  return vec_reduce_all_fold_double(max, lanes, kVecDoubleLanes);
}

/* The extreme of a[0..size) (size >= 1), as vec::reduce_all takes it.
 * PyTorch 1.13: functional_base.h reduce_all */
#define DEFINE_REDUCE_CHUNK(scalar_t, VEC, LANES, name)                                                    \
  static inline __attribute__((always_inline)) scalar_t reduce_all_##name##_body(bool max, const scalar_t* data, \
                                                                               int64_t size) {             \
    if (size < LANES) {                                                                                    \
      scalar_t lanes[LANES] = {0};                                                                         \
      memcpy(lanes, data, (size_t)size * sizeof(scalar_t));                                                \
      return vec_reduce_all_fold_##name(max, lanes, size);                                                 \
    }                                                                                                      \
    int64_t d = LANES;                                                                                     \
    VEC##_t acc = VEC##_loadu(data);                                                                       \
    for (; d < size - (size % LANES); d += LANES) acc = VEC##_extreme(max, acc, VEC##_loadu(data + d));   \
    if (size - d > 0) { /* Vec::set(acc, vop(acc, loadu(data + d, size - d)), size - d) */                \
      scalar_t tail[LANES] = {0}, lanes[LANES], merged[LANES];                                             \
      memcpy(tail, data + d, (size_t)(size - d) * sizeof(scalar_t));                                       \
      VEC##_storeu(lanes, acc);                                                                            \
      VEC##_storeu(merged, VEC##_extreme(max, acc, VEC##_loadu(tail)));                                    \
      memcpy(lanes, merged, (size_t)(size - d) * sizeof(scalar_t));                                        \
      acc = VEC##_loadu(lanes);                                                                            \
    }                                                                                                      \
    return vec_reduce_all_##name(max, acc);                                                                \
  }                                                                                                        \
  static scalar_t reduce_all_##name(bool max, const scalar_t* data, int64_t size) {                        \
    return max ? reduce_all_##name##_body(true, data, size) : reduce_all_##name##_body(false, data, size); \
  }

DEFINE_REDUCE_CHUNK(float, vfloat, kVecFloatLanes, float)
DEFINE_REDUCE_CHUNK(double, vdouble, kVecDoubleLanes, double)
#undef DEFINE_REDUCE_CHUNK

enum { kMaxThreads = 256 };

/* parallel_reduce's state: each chunk's extreme into its thread's slot. */
typedef struct ReduceAll {
  bool max, is_double;
  const char* data;
  float slots_f[kMaxThreads];
  double slots_d[kMaxThreads];
} ReduceAll;

/* One chunk: results[tid] = f(my_begin, my_end, ident). */
static void reduce_all_chunk(void* ctx, int64_t begin, int64_t end) {
  ReduceAll* r = ctx;
  int t = at_get_thread_num();
  if (r->is_double)
    r->slots_d[t] = reduce_all_double(r->max, (const double*)r->data + begin, end - begin);
  else
    r->slots_f[t] = reduce_all_float(r->max, (const float*)r->data + begin, end - begin);
}

/* The extreme of the n >= 1 contiguous elements of input into the 0-dim
 * result, on at::parallel_reduce's threads (see the Note).
 * PyTorch 1.13: ReduceAllOpsKernel.cpp reduce_all_kernel_vec, Parallel-inl.h parallel_reduce */
static void reduce_all_kernel_vec(bool max, Tensor* result, const Tensor* input) {
  int64_t n = input->numel;
  ReduceAll r = {.max = max, .is_double = input->dtype == ScalarType_Double, .data = Tensor_data(input)};
  const int max_threads = at_get_num_threads();
  TORCH_INTERNAL_ASSERT(max_threads <= kMaxThreads);
  char* out = Tensor_data(result);
  if (n <= AT_GRAIN_SIZE || max_threads == 1 || at_in_parallel_region()) { /* f(begin, end, ident) */
    if (r.is_double) *(double*)out = reduce_all_double(max, (const double*)r.data, n);
    else *(float*)out = reduce_all_float(max, (const float*)r.data, n);
    return;
  }
  for (int t = 0; t < max_threads; t++) r.slots_f[t] = max ? -INFINITY : INFINITY, r.slots_d[t] = max ? -INFINITY : INFINITY;
  at_parallel_for(0, n, AT_GRAIN_SIZE, reduce_all_chunk, &r);
  /* result = ident; result = sf(result, partial) for each slot, in order */
  float acc_f = max ? -INFINITY : INFINITY;
  double acc_d = max ? -INFINITY : INFINITY;
  for (int t = 0; t < max_threads; t++) {
    acc_f = float_extreme_impl(max, acc_f, r.slots_f[t]);
    acc_d = double_extreme_impl(max, acc_d, r.slots_d[t]);
  }
  if (r.is_double) *(double*)out = acc_d;
  else *(float*)out = acc_f;
}

/* PyTorch 1.13: ReduceAllOpsKernel.cpp max_all_kernel_impl */
static void max_all_kernel_impl(Tensor* result, const Tensor* input) {
  if (!MetaMode_isEnabled()) reduce_all_kernel_vec(true, result, input);
}
/* PyTorch 1.13: ReduceAllOpsKernel.cpp min_all_kernel_impl */
static void min_all_kernel_impl(Tensor* result, const Tensor* input) {
  if (!MetaMode_isEnabled()) reduce_all_kernel_vec(false, result, input);
}

REGISTER_DISPATCH(reduce_all_fn, max_all_stub, max_all_kernel_impl);
REGISTER_DISPATCH(reduce_all_fn, min_all_stub, min_all_kernel_impl);
