/*
 * SoftMaxKernelLoops.h - the loops of ops/cpu/SoftMaxKernel.c for one
 * scalar type, included there twice: with scalar_t float (8 lanes) and
 * double (4 lanes).  Before each inclusion the includer defines
 *   scalar_t    float or double
 *   LANES       Vectorized<scalar_t>::size() at AVX2 (8 or 4)
 *   N_(name)    name with the type's suffix (name##_float, name##_double)
 *   SCALAR_EXP  libm's exp of a scalar_t (expf or exp), std::exp
 *   VEC_EXP, VEC_LOG  Vectorized<scalar_t>::exp and ::log on one Vec
 * and typedefs N_(Vec), a struct of LANES scalar_t named v, undefining the
 * macros after.  A Vec is LANES scalars in an array; each
 * operation is lane by lane, as the Vectorized operators are (IEEE
 * arithmetic per lane, no FMA unless written: Note [FMA in the softmax
 * backward] in SoftMaxKernel.c).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SoftMaxKernel.cpp, with
 * aten/src/ATen/cpu/vec/functional_base.h (reduce_all, map_reduce_all,
 * map2_reduce_all, map, map2, vec_reduce_all, VecReduceAllSIMD)
 */

/* Vec::loadu(p, n): n lanes from p, the others 0. */
static inline N_(Vec) N_(loadu)(const scalar_t* p, int64_t n) {
  N_(Vec) r;
  for (int i = 0; i < LANES; i++) r.v[i] = i < n ? p[i] : (scalar_t)0;
  return r;
}
/* Vec::store(p, n) */
static inline void N_(store)(scalar_t* p, N_(Vec) a, int64_t n) {
  for (int i = 0; i < n && i < LANES; i++) p[i] = a.v[i];
}
static inline N_(Vec) N_(splat)(scalar_t x) {
  N_(Vec) r;
  for (int i = 0; i < LANES; i++) r.v[i] = x;
  return r;
}
static inline N_(Vec) N_(sub)(N_(Vec) a, N_(Vec) b) {
  for (int i = 0; i < LANES; i++) a.v[i] = a.v[i] - b.v[i];
  return a;
}
static inline N_(Vec) N_(add)(N_(Vec) a, N_(Vec) b) {
  for (int i = 0; i < LANES; i++) a.v[i] = a.v[i] + b.v[i];
  return a;
}
static inline N_(Vec) N_(mul)(N_(Vec) a, N_(Vec) b) {
  for (int i = 0; i < LANES; i++) a.v[i] = a.v[i] * b.v[i];
  return a;
}
static inline N_(Vec) N_(div)(N_(Vec) a, N_(Vec) b) {
  for (int i = 0; i < LANES; i++) a.v[i] = a.v[i] / b.v[i];
  return a;
}
/* vec::maximum: see VecMaximum in SoftMaxKernel.c for the NaN rule. */
static inline N_(Vec) N_(maximum)(N_(Vec) a, N_(Vec) b) {
  for (int i = 0; i < LANES; i++) a.v[i] = N_(vec_max_lane)(a.v[i], b.v[i]);
  return a;
}
/* a * b + c with one rounding (Note [FMA in the softmax backward]). */
static inline N_(Vec) N_(fmadd)(N_(Vec) a, N_(Vec) b, N_(Vec) c) {
  for (int i = 0; i < LANES; i++) a.v[i] = SCALAR_FMA(a.v[i], b.v[i], c.v[i]);
  return a;
}
/* Vec::set(a, b, n): b's first n lanes, a's others. */
static inline N_(Vec) N_(set)(N_(Vec) a, N_(Vec) b, int64_t n) {
  for (int i = 0; i < n && i < LANES; i++) a.v[i] = b.v[i];
  return a;
}
static inline scalar_t N_(combine)(ReduceOp op, scalar_t a, scalar_t b) {
  return op == ReduceOp_Max ? N_(vec_max_lane)(a, b) : a + b;
}
static inline N_(Vec) N_(combine_vec)(ReduceOp op, N_(Vec) a, N_(Vec) b) {
  return op == ReduceOp_Max ? N_(maximum)(a, b) : N_(add)(a, b);
}

/* vec_reduce_all(op, acc, size): lane 0 combined with lanes 1 .. size-1 in
 * turn (the slow path: every partial vector, and a whole vector where no
 * SIMD specialization exists).
 * PyTorch 1.13: functional_base.h vec_reduce_all (slow path) */
static inline scalar_t N_(vec_reduce_all_slow)(ReduceOp op, N_(Vec) acc, int64_t size) {
  scalar_t r = acc.v[0];
  for (int64_t i = 1; i < size; i++) r = N_(combine)(op, r, acc.v[i]);
  return r;
}

/* vec_reduce_all(op, acc) of a whole vector: VecReduceAllSIMD's shuffles
 * for float at AVX2 (lanes i and i+4, then i and i^2, then i and i^1: lane
 * 0 ends as ((a0 a4)(a2 a6))((a1 a5)(a3 a7))), the slow path otherwise
 * (double; every type at DEFAULT).
 * PyTorch 1.13: functional_base.h VecReduceAllSIMD<float, Op> (CPU_CAPABILITY_AVX2) */
static inline scalar_t N_(vec_reduce_all)(ReduceOp op, N_(Vec) acc) {
#if defined(__AVX2__)
  if (LANES == 8) {
    N_(Vec) v = acc, w;
    for (int s = 4; s >= 1; s /= 2) {
      for (int i = 0; i < LANES; i++) w.v[i] = v.v[i ^ s];
      v = N_(combine_vec)(op, v, w);
    }
    return v.v[0];
  }
#endif
  return N_(vec_reduce_all_slow)(op, acc, LANES);
}

/* map_reduce_all(map, op, data, size) with map exp(x - max) (max != NULL)
 * or the identity (reduce_all), or with map x * y over two inputs
 * (map2_reduce_all: data2 != NULL).
 * PyTorch 1.13: functional_base.h reduce_all, map_reduce_all, map2_reduce_all */
static inline N_(Vec) N_(map_one)(const scalar_t* data, const scalar_t* data2, const scalar_t* max, int64_t n) {
  N_(Vec) x = N_(loadu)(data, n);
  if (max != NULL) return VEC_EXP(N_(sub)(x, N_(splat)(*max)));
  if (data2 != NULL) return N_(mul)(x, N_(loadu)(data2, n));
  return x;
}
static scalar_t N_(map_reduce_all)(ReduceOp op, const scalar_t* data, const scalar_t* data2, const scalar_t* max,
                                   int64_t size) {
  if (size < LANES) return N_(vec_reduce_all_slow)(op, N_(map_one)(data, data2, max, size), size);
  int64_t d = LANES;
  N_(Vec) acc = N_(map_one)(data, data2, max, LANES);
  for (; d < size - (size % LANES); d += LANES) {
    if (data2 != NULL && FUSED)
      acc = N_(fmadd)(N_(loadu)(data + d, LANES), N_(loadu)(data2 + d, LANES), acc);
    else
      acc = N_(combine_vec)(op, acc, N_(map_one)(data + d, data2 == NULL ? NULL : data2 + d, max, LANES));
  }
  if (size - d > 0) {
    N_(Vec) x;
    if (data2 != NULL && FUSED)
      x = N_(fmadd)(N_(loadu)(data + d, size - d), N_(loadu)(data2 + d, size - d), acc);
    else
      x = N_(combine_vec)(op, acc, N_(map_one)(data + d, data2 == NULL ? NULL : data2 + d, max, size - d));
    acc = N_(set)(acc, x, size - d);
  }
  return N_(vec_reduce_all)(op, acc);
}

/* ---- forward, last dimension ------------------------------------------------ */

/* Each row: its max; exp(x - max) into the output; their sum; the output
 * times 1 / sum.
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax_lastdim */
static void N_(vec_softmax_lastdim)(const scalar_t* in_base, scalar_t* out_base, int64_t outer_size,
                                     int64_t dim_size) {
  for (int64_t i = 0; i < outer_size; i++) {
    const scalar_t* in = in_base + i * dim_size;
    scalar_t* out = out_base + i * dim_size;
    scalar_t max_input = N_(map_reduce_all)(ReduceOp_Max, in, NULL, NULL, dim_size);
    for (int64_t d = 0; d < dim_size; d += LANES) { /* vec::map */
      int64_t n = dim_size - d < LANES ? dim_size - d : LANES;
      N_(store)(out + d, VEC_EXP(N_(sub)(N_(loadu)(in + d, n), N_(splat)(max_input))), n);
    }
    scalar_t tmp_sum = N_(map_reduce_all)(ReduceOp_Sum, out, NULL, NULL, dim_size);
    tmp_sum = 1 / tmp_sum;
    for (int64_t d = 0; d < dim_size; d += LANES) {
      int64_t n = dim_size - d < LANES ? dim_size - d : LANES;
      N_(store)(out + d, N_(mul)(N_(loadu)(out + d, n), N_(splat)(tmp_sum)), n);
    }
  }
}

/* Each row: its max, the sum of exp(x - max), that sum's log (Vec::log, lane
 * by lane, as 1.13 takes it over a chunk of rows), then x - max - log(sum)
 * in that order (pytorch/pytorch#11752).
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_log_softmax_lastdim */
static void N_(vec_log_softmax_lastdim)(const scalar_t* in_base, scalar_t* out_base, int64_t outer_size,
                                         int64_t dim_size) {
  for (int64_t i = 0; i < outer_size; i++) {
    const scalar_t* in = in_base + i * dim_size;
    scalar_t* out = out_base + i * dim_size;
    scalar_t max_input = N_(map_reduce_all)(ReduceOp_Max, in, NULL, NULL, dim_size);
    scalar_t tmp_sum = N_(map_reduce_all)(ReduceOp_Sum, in, NULL, &max_input, dim_size);
    tmp_sum = VEC_LOG(N_(splat)(tmp_sum)).v[0];
    for (int64_t d = 0; d < dim_size; d += LANES) {
      int64_t n = dim_size - d < LANES ? dim_size - d : LANES;
      N_(Vec) x = N_(sub)(N_(sub)(N_(loadu)(in + d, n), N_(splat)(max_input)), N_(splat)(tmp_sum));
      N_(store)(out + d, x, n);
    }
  }
}

/* ---- forward, another dimension --------------------------------------------- */

typedef struct {
  const scalar_t* in;
  scalar_t* out;
  int64_t inner_size, dim_size;
} N_(SoftmaxCtx);

/* One chunk [begin, end) of the outer_size * inner_size columns: LANES
 * neighbouring columns at a time with Vec (max, exp(x - max) stored and
 * summed, each divided by the sum), and the columns left at the end of a
 * row of inner_size or of the chunk one by one in scalars (std::exp).
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_softmax (its parallel_for body) */
static void N_(vec_softmax_chunk)(void* ctx, int64_t begin, int64_t end) {
  const N_(SoftmaxCtx)* c = ctx;
  int64_t inner_size = c->inner_size, dim_size = c->dim_size, dim_stride = inner_size;
  int64_t outer_stride = dim_size * dim_stride;
  int64_t idx = begin;
  while (idx < end) {
    int64_t outer_idx = idx / inner_size, inner_idx = idx % inner_size;
    if (inner_idx + LANES <= inner_size && idx + LANES <= end) {
      const scalar_t* in = c->in + outer_idx * outer_stride + inner_idx;
      scalar_t* out = c->out + outer_idx * outer_stride + inner_idx;
      N_(Vec) max_vec = N_(loadu)(in, LANES);
      for (int64_t d = 1; d < dim_size; d++) max_vec = N_(maximum)(max_vec, N_(loadu)(in + d * dim_stride, LANES));
      N_(Vec) sum_vec = N_(splat)(0);
      for (int64_t d = 0; d < dim_size; d++) {
        N_(Vec) o = VEC_EXP(N_(sub)(N_(loadu)(in + d * dim_stride, LANES), max_vec));
        N_(store)(out + d * dim_stride, o, LANES);
        sum_vec = N_(add)(sum_vec, o);
      }
      for (int64_t d = 0; d < dim_size; d++)
        N_(store)(out + d * dim_stride, N_(div)(N_(loadu)(out + d * dim_stride, LANES), sum_vec), LANES);
      idx += LANES;
    } else {
      int64_t tail = idx + LANES > end ? end - idx : inner_size - inner_idx;
      for (int64_t i = 0; i < tail; i++) {
        int64_t o_idx = (idx + i) / inner_size, i_idx = (idx + i) % inner_size;
        const scalar_t* in = c->in + o_idx * outer_stride + i_idx;
        scalar_t* out = c->out + o_idx * outer_stride + i_idx;
        scalar_t max_input = in[0];
        for (int64_t d = 1; d < dim_size; d++) {
          scalar_t x = in[d * dim_stride];
          max_input = max_input < x ? x : max_input; /* std::max */
        }
        scalar_t sum = 0;
        for (int64_t d = 0; d < dim_size; d++) {
          out[d * dim_stride] = SCALAR_EXP(in[d * dim_stride] - max_input);
          sum += out[d * dim_stride];
        }
        for (int64_t d = 0; d < dim_size; d++) out[d * dim_stride] = out[d * dim_stride] / sum;
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
        sum += k < vec_end ? VEC_EXP(N_(splat)(x)).v[0] : SCALAR_EXP(x);
      }
      sum = VEC_LOG(N_(splat)(sum)).v[0];
      for (int64_t d = 0; d < dim_size; d++) out[d * inner_size] = in[d * inner_size] - max - sum;
    }
  }
}

/* ---- backward ---------------------------------------------------------------- */

/* Each row: softmax, sum = sum of grad * output (map2_reduce_all), then
 * (grad - sum) * output; log_softmax, sum = sum of grad, then
 * grad - exp(output) * sum.
 * PyTorch 1.13: SoftMaxKernel.cpp _vec_host_softmax_backward_lastdim */
static void N_(vec_softmax_backward_lastdim)(bool log_softmax, scalar_t* gi_base, const scalar_t* g_base,
                                              const scalar_t* o_base, int64_t outer_size, int64_t dim_size) {
  for (int64_t i = 0; i < outer_size; i++) {
    scalar_t* gi = gi_base + i * dim_size;
    const scalar_t *g = g_base + i * dim_size, *o = o_base + i * dim_size;
    scalar_t sum = log_softmax ? N_(map_reduce_all)(ReduceOp_Sum, g, NULL, NULL, dim_size)
                               : N_(map_reduce_all)(ReduceOp_Sum, g, o, NULL, dim_size);
    for (int64_t d = 0; d < dim_size; d += LANES) {
      int64_t n = dim_size - d < LANES ? dim_size - d : LANES;
      N_(Vec) x = N_(loadu)(g + d, n), y = N_(loadu)(o + d, n), r;
      if (log_softmax && FUSED)
        r = N_(fmadd)(N_(sub)(N_(splat)(0), VEC_EXP(y)), N_(splat)(sum), x);
      else if (log_softmax)
        r = N_(sub)(x, N_(mul)(VEC_EXP(y), N_(splat)(sum)));
      else
        r = N_(mul)(N_(sub)(x, N_(splat)(sum)), y);
      N_(store)(gi + d, r, n);
    }
  }
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
          scalar_t e = k < vec_end ? VEC_EXP(N_(splat)(ov)).v[0] : SCALAR_EXP(ov);
          gi_base[base + d * inner_size] = FUSED ? SCALAR_FMA(-e, sum, gv) : gv - e * sum;
        } else {
          gi_base[base + d * inner_size] = ov * (gv - sum);
        }
      }
    }
  }
}
