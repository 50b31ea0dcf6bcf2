/*
 * SoftMaxKernelLoops.h - the loops of ops/cpu/SoftMaxKernel.c for one
 * scalar type, included there twice: with scalar_t float (8 lanes) and
 * double (4 lanes).  Before each inclusion the includer defines
 *   scalar_t    float or double
 *   LANES       Vectorized<scalar_t>::size() at AVX2 (8 or 4)
 *   N_(name)    name with the type's suffix (name##_float, name##_double)
 *   SCALAR_EXP  libm's exp of a scalar_t (expf or exp), std::exp
 *   SCALAR_FMA  fmaf or fma
 *   VEC_EXP, VEC_LOG, VEC_MAXIMUM, VEC_FMADD (a * b + c), VEC_FNMADD
 *               (c - a * b), the last two with one rounding: Vectorized's
 *               exp, log, vec::maximum and the FMAs of Note [FMA in the
 *               softmax backward] on one Vec
 *   VEC_MAX_LANE  vec::maximum on one lane (vec_reduce_all's slow path)
 *   VEC_LOADU_N, VEC_STOREU_N, VEC_SET  Vec::loadu(p, n), Vec::store(p, n),
 *               Vec::set(a, b, n)
 * and typedefs N_(Vec), a GCC vector of LANES scalar_t (32 bytes),
 * undefining the macros after.
 * Each operation is lane by lane, as the Vectorized operators are (IEEE
 * arithmetic per lane; -ffp-contract=off, so no FMA unless written).
 *
 * Note [Softmax's loops kept in registers]
 * The Vec is a value the compiler keeps in one AVX register (two SSE
 * registers at DEFAULT), and each row is walked as 1.13's vec::map and
 * reduce_all walk it: the same lanes, the same order of every operation,
 * so the same bits.  Three things differ from 1.13's code and not in
 * value:
 *  - softmax's row writes exp(x - max) and sums it in one pass (1.13 maps,
 *    then reduce_all reads the output back): the sum's vectors are the
 *    same, added in the same order, the tail through Vec::set.
 *  - the loop over another dimension (_vec_softmax) takes four vectors of
 *    neighbouring columns in one step where 1.13 would take four steps of
 *    one: its lanes never meet, and a step of four is taken exactly where
 *    four steps of one would be.
 *  - a row's max is taken with four accumulators, then again in 1.13's
 *    order when the result could depend on it (Note [The max of a row]).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SoftMaxKernel.cpp, with
 * aten/src/ATen/cpu/vec/functional_base.h (reduce_all, map_reduce_all,
 * map2_reduce_all, map, map2, vec_reduce_all, VecReduceAllSIMD)
 */

/* ---- one Vec ------------------------------------------------------------------ */

static inline N_(Vec) N_(loadu)(const scalar_t* p) {
  N_(Vec) v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline N_(Vec) N_(loadu_n)(const scalar_t* p, int64_t n) { return VEC_LOADU_N(p, n); }
static inline void N_(storeu)(scalar_t* p, N_(Vec) v) { memcpy(p, &v, sizeof v); }
static inline void N_(storeu_n)(scalar_t* p, N_(Vec) v, int64_t n) { VEC_STOREU_N(p, v, n); }
static inline N_(Vec) N_(splat)(scalar_t x) {
  N_(Vec) v;
  for (int i = 0; i < LANES; i++) v[i] = x;
  return v;
}
static inline N_(Vec) N_(set)(N_(Vec) a, N_(Vec) b, int64_t n) { return VEC_SET(a, b, n); }

/* ---- reductions of one Vec (vec_reduce_all) ------------------------------------ */

/* vec_reduce_all(op, acc, n): lane 0 combined with lanes 1 .. n-1 in turn
 * (the slow path: every partial vector, and a whole vector where no SIMD
 * specialization exists).
 * PyTorch 1.13: functional_base.h vec_reduce_all (slow path) */
static inline scalar_t N_(reduce_lanes_max)(N_(Vec) v, int64_t n) {
  scalar_t r = v[0];
  for (int64_t i = 1; i < n; i++) r = VEC_MAX_LANE(r, v[i]);
  return r;
}
static inline scalar_t N_(reduce_lanes_sum)(N_(Vec) v, int64_t n) {
  scalar_t r = v[0];
  for (int64_t i = 1; i < n; i++) r = r + v[i];
  return r;
}

/* vec_reduce_all(op, acc) of a whole vector: VecReduceAllSIMD's shuffles
 * for float at AVX2 (lanes i and i+4, then i and i^2, then i and i^1: lane
 * 0 ends as ((a0 a4)(a2 a6))((a1 a5)(a3 a7))), the slow path otherwise
 * (double; every type at DEFAULT).
 * PyTorch 1.13: functional_base.h VecReduceAllSIMD<float, Op> (CPU_CAPABILITY_AVX2) */
#if defined(__AVX2__) && LANES == 8
/* v's lanes exchanged with those 4, 2 and 1 apart (lane i takes lane i ^ s):
 * _mm256_permute2f128_ps(v, v, 1), _mm256_shuffle_ps(v, v, 0x4E), 0xB1.
 * (__builtin_shufflevector: GCC 12 and clang both have it.) */
#define SWAP4(v) __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3)
#define SWAP2(v) __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5)
#define SWAP1(v) __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6)
static inline scalar_t N_(vec_reduce_all_max)(N_(Vec) v) {
  v = VEC_MAXIMUM(v, SWAP4(v));
  v = VEC_MAXIMUM(v, SWAP2(v));
  v = VEC_MAXIMUM(v, SWAP1(v));
  return v[0];
}
static inline scalar_t N_(vec_reduce_all_sum)(N_(Vec) v) {
  v = v + SWAP4(v);
  v = v + SWAP2(v);
  v = v + SWAP1(v);
  return v[0];
}
#undef SWAP4
#undef SWAP2
#undef SWAP1
#else
static inline scalar_t N_(vec_reduce_all_max)(N_(Vec) v) { return N_(reduce_lanes_max)(v, LANES); }
static inline scalar_t N_(vec_reduce_all_sum)(N_(Vec) v) { return N_(reduce_lanes_sum)(v, LANES); }
#endif

/* ---- reductions of a row ------------------------------------------------------- */

/* reduce_all(vec::maximum, data, size): 1.13's order, one accumulator.
 * PyTorch 1.13: functional_base.h reduce_all */
static scalar_t N_(reduce_max_in_order)(const scalar_t* data, int64_t size) {
  if (size < LANES) return N_(reduce_lanes_max)(N_(loadu_n)(data, size), size);
  N_(Vec) acc = N_(loadu)(data);
  int64_t d = LANES;
  for (; d < size - size % LANES; d += LANES) acc = VEC_MAXIMUM(acc, N_(loadu)(data + d));
  if (size - d > 0) acc = N_(set)(acc, VEC_MAXIMUM(acc, N_(loadu_n)(data + d, size - d)), size - d);
  return N_(vec_reduce_all_max)(acc);
}

/*
 * Note [The max of a row]
 * reduce_all(vec::maximum) carries one accumulator through the row: a
 * chain of dependent max instructions, the slowest of softmax's passes.
 * The max of numbers is the same whatever the order they are compared in,
 * except in which of two equal numbers wins, and only +0 and -0 are equal
 * with different bits; and in which NaN comes out (at AVX2 always the
 * all-ones NaN of the unordered mask; at DEFAULT the first NaN met).  So
 * the row is compared in four interleaved accumulators, and when the max
 * that comes out is a zero or a NaN, taken again in 1.13's order.
 */
static scalar_t N_(reduce_max)(const scalar_t* data, int64_t size) {
  if (size < 8 * LANES) return N_(reduce_max_in_order)(data, size);
  N_(Vec) a0 = N_(loadu)(data), a1 = N_(loadu)(data + LANES);
  N_(Vec) a2 = N_(loadu)(data + 2 * LANES), a3 = N_(loadu)(data + 3 * LANES);
  int64_t d = 4 * LANES;
  for (; d + 4 * LANES <= size; d += 4 * LANES) {
    a0 = VEC_MAXIMUM(a0, N_(loadu)(data + d));
    a1 = VEC_MAXIMUM(a1, N_(loadu)(data + d + LANES));
    a2 = VEC_MAXIMUM(a2, N_(loadu)(data + d + 2 * LANES));
    a3 = VEC_MAXIMUM(a3, N_(loadu)(data + d + 3 * LANES));
  }
  for (; d < size; d++) a0[0] = VEC_MAX_LANE(a0[0], data[d]);
  scalar_t max = N_(vec_reduce_all_max)(VEC_MAXIMUM(VEC_MAXIMUM(a0, a1), VEC_MAXIMUM(a2, a3)));
  if (max == 0 || max != max) return N_(reduce_max_in_order)(data, size);
  return max;
}

/* map_reduce_all(exp(x - max), +, data, size).
 * PyTorch 1.13: functional_base.h map_reduce_all */
static scalar_t N_(exp_sum)(const scalar_t* data, scalar_t max, int64_t size) {
  N_(Vec) vmax = N_(splat)(max);
  if (size < LANES) return N_(reduce_lanes_sum)(VEC_EXP(N_(loadu_n)(data, size) - vmax), size);
  N_(Vec) acc = VEC_EXP(N_(loadu)(data) - vmax);
  int64_t d = LANES;
  for (; d < size - size % LANES; d += LANES) acc = acc + VEC_EXP(N_(loadu)(data + d) - vmax);
  if (size - d > 0) acc = N_(set)(acc, acc + VEC_EXP(N_(loadu_n)(data + d, size - d) - vmax), size - d);
  return N_(vec_reduce_all_sum)(acc);
}

/* reduce_all(+, data, size).  PyTorch 1.13: functional_base.h reduce_all */
static scalar_t N_(reduce_sum)(const scalar_t* data, int64_t size) {
  if (size < LANES) return N_(reduce_lanes_sum)(N_(loadu_n)(data, size), size);
  N_(Vec) acc = N_(loadu)(data);
  int64_t d = LANES;
  for (; d < size - size % LANES; d += LANES) acc = acc + N_(loadu)(data + d);
  if (size - d > 0) acc = N_(set)(acc, acc + N_(loadu_n)(data + d, size - d), size - d);
  return N_(vec_reduce_all_sum)(acc);
}

/* map2_reduce_all(x * y, +, data, data2, size): acc + x * y fused where
 * 1.13's build fuses it (Note [FMA in the softmax backward]).
 * PyTorch 1.13: functional_base.h map2_reduce_all */
static scalar_t N_(dot)(const scalar_t* data, const scalar_t* data2, int64_t size) {
  if (size < LANES) return N_(reduce_lanes_sum)(N_(loadu_n)(data, size) * N_(loadu_n)(data2, size), size);
  N_(Vec) acc = N_(loadu)(data) * N_(loadu)(data2);
  int64_t d = LANES;
  for (; d < size - size % LANES; d += LANES)
    acc = FUSED ? VEC_FMADD(N_(loadu)(data + d), N_(loadu)(data2 + d), acc)
                : acc + N_(loadu)(data + d) * N_(loadu)(data2 + d);
  if (size - d > 0) {
    N_(Vec) x = N_(loadu_n)(data + d, size - d), y = N_(loadu_n)(data2 + d, size - d);
    acc = N_(set)(acc, FUSED ? VEC_FMADD(x, y, acc) : acc + x * y, size - d);
  }
  return N_(vec_reduce_all_sum)(acc);
}

/* ---- forward, last dimension ------------------------------------------------ */

typedef struct {
  const scalar_t* in;
  scalar_t* out;
  int64_t dim_size;
} N_(LastdimCtx);

/* One row: its max; exp(x - max) into the output and summed (vec::map, then
 * reduce_all over the output: Note [Softmax's loops kept in registers]);
 * the output times 1 / sum.
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax_lastdim (its loop body) */
static void N_(softmax_row)(const scalar_t* in, scalar_t* out, int64_t size) {
  N_(Vec) vmax = N_(splat)(N_(reduce_max)(in, size));
  scalar_t sum;
  if (size < LANES) {
    N_(Vec) e = VEC_EXP(N_(loadu_n)(in, size) - vmax);
    N_(storeu_n)(out, e, size);
    sum = N_(reduce_lanes_sum)(e, size);
  } else {
    N_(Vec) acc = VEC_EXP(N_(loadu)(in) - vmax);
    N_(storeu)(out, acc);
    int64_t d = LANES;
    for (; d < size - size % LANES; d += LANES) {
      N_(Vec) e = VEC_EXP(N_(loadu)(in + d) - vmax);
      N_(storeu)(out + d, e);
      acc = acc + e;
    }
    if (size - d > 0) {
      N_(Vec) e = VEC_EXP(N_(loadu_n)(in + d, size - d) - vmax);
      N_(storeu_n)(out + d, e, size - d);
      acc = N_(set)(acc, acc + e, size - d);
    }
    sum = N_(vec_reduce_all_sum)(acc);
  }
  N_(Vec) scale = N_(splat)(1 / sum);
  int64_t d = 0;
  for (; d < size - size % LANES; d += LANES) N_(storeu)(out + d, N_(loadu)(out + d) * scale);
  if (size - d > 0) N_(storeu_n)(out + d, N_(loadu_n)(out + d, size - d) * scale, size - d);
}

static void N_(softmax_lastdim_chunk)(void* ctx, int64_t begin, int64_t end) {
  const N_(LastdimCtx)* c = ctx;
  for (int64_t i = begin; i < end; i++) N_(softmax_row)(c->in + i * c->dim_size, c->out + i * c->dim_size, c->dim_size);
}

/* PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax_lastdim */
static void N_(vec_softmax_lastdim)(const scalar_t* in, scalar_t* out, int64_t outer_size, int64_t dim_size) {
  N_(LastdimCtx) c = {in, out, dim_size};
  int64_t grain_size = AT_GRAIN_SIZE / (16 * dim_size);
  at_parallel_for(0, outer_size, grain_size < 1 ? 1 : grain_size, N_(softmax_lastdim_chunk), &c);
}

/* 1.13's rows per step of log_softmax: (128 / sizeof(scalar_t)) * Vec::size(). */
enum { N_(kLogSoftmaxChunk) = (128 / sizeof(scalar_t)) * LANES };

/* One chunk [begin, end) of the rows, kLogSoftmaxChunk rows at a time: each
 * row's max, each row's sum of exp(x - max), the sums' logs (vec::map over
 * the chunk's sums: Vec::log lane by lane), then each row's x - max -
 * log(sum), in that order (pytorch/pytorch#11752).
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_log_softmax_lastdim (its parallel_for body) */
static void N_(log_softmax_lastdim_chunk)(void* ctx, int64_t begin, int64_t end) {
  const N_(LastdimCtx)* c = ctx;
  int64_t dim_size = c->dim_size;
  scalar_t max_input[N_(kLogSoftmaxChunk)], tmp_sum[N_(kLogSoftmaxChunk)];
  for (int64_t ii = begin; ii < end; ii += N_(kLogSoftmaxChunk)) {
    int64_t loop_end = end - ii < N_(kLogSoftmaxChunk) ? end - ii : N_(kLogSoftmaxChunk);
    for (int64_t j = 0; j < loop_end; j++) max_input[j] = N_(reduce_max)(c->in + (ii + j) * dim_size, dim_size);
    for (int64_t j = 0; j < loop_end; j++)
      tmp_sum[j] = N_(exp_sum)(c->in + (ii + j) * dim_size, max_input[j], dim_size);
    for (int64_t j = 0; j < loop_end; j += LANES) {
      int64_t n = loop_end - j < LANES ? loop_end - j : LANES;
      N_(storeu_n)(tmp_sum + j, VEC_LOG(N_(loadu_n)(tmp_sum + j, n)), n);
    }
    for (int64_t j = 0; j < loop_end; j++) {
      const scalar_t* in = c->in + (ii + j) * dim_size;
      scalar_t* out = c->out + (ii + j) * dim_size;
      N_(Vec) vmax = N_(splat)(max_input[j]), vlog = N_(splat)(tmp_sum[j]);
      int64_t d = 0;
      for (; d < dim_size - dim_size % LANES; d += LANES) N_(storeu)(out + d, N_(loadu)(in + d) - vmax - vlog);
      if (dim_size - d > 0) N_(storeu_n)(out + d, N_(loadu_n)(in + d, dim_size - d) - vmax - vlog, dim_size - d);
    }
  }
}

/* PyTorch 1.13: SoftMaxKernel.cpp _vec_log_softmax_lastdim */
static void N_(vec_log_softmax_lastdim)(const scalar_t* in, scalar_t* out, int64_t outer_size, int64_t dim_size) {
  N_(LastdimCtx) c = {in, out, dim_size};
  int64_t grain_size = AT_GRAIN_SIZE / (16 * dim_size * N_(kLogSoftmaxChunk));
  if (grain_size < N_(kLogSoftmaxChunk)) grain_size = N_(kLogSoftmaxChunk);
  at_parallel_for(0, outer_size, grain_size, N_(log_softmax_lastdim_chunk), &c);
}

/* ---- forward, another dimension --------------------------------------------- */

typedef struct {
  const scalar_t* in;
  scalar_t* out;
  int64_t inner_size, dim_size;
} N_(SoftmaxCtx);

/* nv * LANES neighbouring columns (nv <= 4) over the dimension, nv steps of
 * _vec_softmax's vector branch at once: the max, exp(x - max) stored and
 * summed, each divided by the sum. */
static inline __attribute__((always_inline)) void N_(softmax_columns)(const scalar_t* in, scalar_t* out,
                                                                       int64_t dim_size, int64_t stride, int nv) {
  N_(Vec) mx[4], sum[4];
  for (int k = 0; k < nv; k++) mx[k] = N_(loadu)(in + k * LANES);
  for (int64_t d = 1; d < dim_size; d++)
    for (int k = 0; k < nv; k++) mx[k] = VEC_MAXIMUM(mx[k], N_(loadu)(in + d * stride + k * LANES));
  for (int k = 0; k < nv; k++) sum[k] = N_(splat)(0);
  for (int64_t d = 0; d < dim_size; d++) {
    for (int k = 0; k < nv; k++) {
      N_(Vec) o = VEC_EXP(N_(loadu)(in + d * stride + k * LANES) - mx[k]);
      N_(storeu)(out + d * stride + k * LANES, o);
      sum[k] = sum[k] + o;
    }
  }
  for (int64_t d = 0; d < dim_size; d++)
    for (int k = 0; k < nv; k++) {
      scalar_t* p = out + d * stride + k * LANES;
      N_(storeu)(p, N_(loadu)(p) / sum[k]);
    }
}

/* One column in scalars (std::exp), as _vec_softmax's tail. */
static void N_(softmax_column_scalar)(const scalar_t* in, scalar_t* out, int64_t dim_size, int64_t stride) {
  scalar_t max_input = in[0];
  for (int64_t d = 1; d < dim_size; d++) {
    scalar_t x = in[d * stride];
    max_input = max_input < x ? x : max_input; /* std::max */
  }
  scalar_t sum = 0;
  for (int64_t d = 0; d < dim_size; d++) {
    out[d * stride] = SCALAR_EXP(in[d * stride] - max_input);
    sum += out[d * stride];
  }
  for (int64_t d = 0; d < dim_size; d++) out[d * stride] = out[d * stride] / sum;
}

/* One chunk [begin, end) of the outer_size * inner_size columns: LANES
 * neighbouring columns at a time with Vec (four such steps at once where
 * they fit), and the columns left at the end of a row of inner_size or of
 * the chunk one by one in scalars.
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax (its parallel_for body) */
static void N_(vec_softmax_chunk)(void* ctx, int64_t begin, int64_t end) {
  const N_(SoftmaxCtx)* c = ctx;
  int64_t inner_size = c->inner_size, dim_size = c->dim_size, dim_stride = inner_size;
  int64_t outer_stride = dim_size * dim_stride;
  int64_t idx = begin;
  while (idx < end) {
    int64_t outer_idx = idx / inner_size, inner_idx = idx % inner_size;
    const scalar_t* in = c->in + outer_idx * outer_stride + inner_idx;
    scalar_t* out = c->out + outer_idx * outer_stride + inner_idx;
    if (inner_idx + 4 * LANES <= inner_size && idx + 4 * LANES <= end) {
      N_(softmax_columns)(in, out, dim_size, dim_stride, 4);
      idx += 4 * LANES;
    } else if (inner_idx + LANES <= inner_size && idx + LANES <= end) {
      N_(softmax_columns)(in, out, dim_size, dim_stride, 1);
      idx += LANES;
    } else {
      int64_t tail = idx + LANES > end ? end - idx : inner_size - inner_idx;
      for (int64_t i = 0; i < tail; i++) {
        int64_t o_idx = (idx + i) / inner_size, i_idx = (idx + i) % inner_size;
        N_(softmax_column_scalar)(c->in + o_idx * outer_stride + i_idx, c->out + o_idx * outer_stride + i_idx,
                                  dim_size, dim_stride);
      }
      idx += tail;
    }
  }
}

/* PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax */
static void N_(vec_softmax)(const scalar_t* in, scalar_t* out, int64_t outer_size, int64_t inner_size,
                            int64_t dim_size) {
  N_(SoftmaxCtx) c = {in, out, inner_size, dim_size};
  int64_t grain_size = AT_GRAIN_SIZE / dim_size > 1 ? AT_GRAIN_SIZE / dim_size : 1;
  at_parallel_for(0, outer_size * inner_size, grain_size, N_(vec_softmax_chunk), &c);
}

/* Per column, over the dimension: the max (a NaN never replaces it: data >
 * max ? data : max), the sum of exp(x - max) (Vec::exp on whole vectors of
 * columns, std::exp on the inner_size % LANES columns at the end), its
 * Vec::log, then x - max - log(sum).  1.13 blocks the columns in chunks of
 * a multiple of LANES columns, which changes nothing in the values.
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_logsoftmax */
static void N_(vec_logsoftmax)(const scalar_t* in_base, scalar_t* out_base, int64_t outer_size, int64_t inner_size,
                               int64_t dim_size) {
  int64_t vec_end = inner_size - inner_size % LANES;
  for (int64_t o = 0; o < outer_size; o++) {
    for (int64_t k = 0; k < inner_size; k++) {
      const scalar_t* in = in_base + o * dim_size * inner_size + k;
      scalar_t* out = out_base + o * dim_size * inner_size + k;
      scalar_t max = -INFINITY;
      for (int64_t d = 0; d < dim_size; d++) {
        scalar_t x = in[d * inner_size];
        max = x > max ? x : max;
      }
      scalar_t sum = 0;
      for (int64_t d = 0; d < dim_size; d++) {
        scalar_t x = in[d * inner_size] - max;
        sum += k < vec_end ? VEC_EXP(N_(splat)(x))[0] : SCALAR_EXP(x);
      }
      sum = VEC_LOG(N_(splat)(sum))[0];
      for (int64_t d = 0; d < dim_size; d++) out[d * inner_size] = in[d * inner_size] - max - sum;
    }
  }
}

/* ---- backward ---------------------------------------------------------------- */

typedef struct {
  bool log_softmax;
  scalar_t* gi;
  const scalar_t *g, *o;
  int64_t dim_size;
} N_(BackwardCtx);

/* Rows [begin, end): softmax, sum = sum of grad * output (map2_reduce_all),
 * then (grad - sum) * output; log_softmax, sum = sum of grad, then
 * grad - exp(output) * sum (vec::map2).
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_host_softmax_backward_lastdim (its parallel_for body) */
static void N_(softmax_backward_lastdim_chunk)(void* ctx, int64_t begin, int64_t end) {
  const N_(BackwardCtx)* c = ctx;
  int64_t dim_size = c->dim_size;
  for (int64_t i = begin; i < end; i++) {
    scalar_t* gi = c->gi + i * dim_size;
    const scalar_t *g = c->g + i * dim_size, *o = c->o + i * dim_size;
    scalar_t sum = c->log_softmax ? N_(reduce_sum)(g, dim_size) : N_(dot)(g, o, dim_size);
    N_(Vec) vsum = N_(splat)(sum);
    for (int64_t d = 0; d < dim_size; d += LANES) {
      int64_t n = dim_size - d < LANES ? dim_size - d : LANES;
      N_(Vec) x = n == LANES ? N_(loadu)(g + d) : N_(loadu_n)(g + d, n);
      N_(Vec) y = n == LANES ? N_(loadu)(o + d) : N_(loadu_n)(o + d, n), r;
      if (c->log_softmax && FUSED)
        r = VEC_FNMADD(VEC_EXP(y), vsum, x);
      else if (c->log_softmax)
        r = x - VEC_EXP(y) * vsum;
      else
        r = (x - vsum) * y;
      if (n == LANES) N_(storeu)(gi + d, r);
      else N_(storeu_n)(gi + d, r, n);
    }
  }
}

/* PyTorch 1.13: SoftMaxKernel.cpp _vec_host_softmax_backward_lastdim */
static void N_(vec_softmax_backward_lastdim)(bool log_softmax, scalar_t* gi, const scalar_t* g, const scalar_t* o,
                                              int64_t outer_size, int64_t dim_size) {
  N_(BackwardCtx) c = {log_softmax, gi, g, o, dim_size};
  int64_t grain_size = AT_GRAIN_SIZE / (16 * dim_size);
  at_parallel_for(0, outer_size, grain_size < 1 ? 1 : grain_size, N_(softmax_backward_lastdim_chunk), &c);
}

/* Per column, over the dimension: softmax, sum of grad * output, then
 * output * (grad - sum); log_softmax, sum of grad, then grad - exp(output)
 * * sum (Vec::exp on whole vectors of columns, std::exp on the last
 * inner_size % LANES).
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax_backward, _vec_log_softmax_backward */
static void N_(vec_softmax_backward)(bool log_softmax, scalar_t* gi_base, const scalar_t* g_base,
                                     const scalar_t* o_base, int64_t outer_size, int64_t inner_size,
                                     int64_t dim_size) {
  int64_t vec_end = inner_size - inner_size % LANES;
  for (int64_t oi = 0; oi < outer_size; oi++) {
    for (int64_t k = 0; k < inner_size; k++) {
      int64_t base = oi * dim_size * inner_size + k;
      scalar_t sum = 0;
      for (int64_t d = 0; d < dim_size; d++) {
        scalar_t gv = g_base[base + d * inner_size];
        if (log_softmax) sum = sum + gv;
        else sum = FUSED ? SCALAR_FMA(gv, o_base[base + d * inner_size], sum) : sum + gv * o_base[base + d * inner_size];
      }
      for (int64_t d = 0; d < dim_size; d++) {
        scalar_t gv = g_base[base + d * inner_size], ov = o_base[base + d * inner_size];
        if (log_softmax) {
          scalar_t e = k < vec_end ? VEC_EXP(N_(splat)(ov))[0] : SCALAR_EXP(ov);
          gi_base[base + d * inner_size] = FUSED ? SCALAR_FMA(-e, sum, gv) : gv - e * sum;
        } else {
          gi_base[base + d * inner_size] = ov * (gv - sum);
        }
      }
    }
  }
}
