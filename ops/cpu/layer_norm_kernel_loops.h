/*
 * layer_norm_kernel_loops.h - layer_norm's loops for one floating type,
 * included by ops/cpu/layer_norm_kernel.c once per type, as a C++ template
 * would be instantiated, with these defined:
 *
 *   scalar_t      float or double (T, and T_ACC: vec_scalar_t<T> is T)
 *   LN_LANES      Vectorized<scalar_t>::size() at AVX2 (8 or 4)
 *   LN_SIMD_SUM   1 where 1.13 sums a Vectorized's lanes with
 *                 VecReduceAllSIMD's shuffles (float at AVX2), else 0
 *   LN_FMA        fmaf or fma
 *   LN_SQRT       sqrtf or sqrt
 *   LN_NAME(x)    x suffixed with the type
 *
 * A Vectorized is an array of LN_LANES values here; every operation of
 * 1.13's is lane by lane, so each lane is computed as 1.13 computes it,
 * and where 1.13's vectors and scalars meet (the moments of the lanes, the
 * sum of a Vectorized's lanes) the order is 1.13's.  MADD is a multiply
 * then an add, one rounding where 1.13's copy contracts it (Note [FMA in
 * layer_norm] in layer_norm_kernel.c).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/layer_norm_kernel.cpp,
 * aten/src/ATen/native/cpu/moments_utils.h, aten/src/ATen/cpu/vec/functional_base.h
 */

enum { LN_NAME(kLanes) = LN_LANES };

static inline scalar_t LN_NAME(madd)(scalar_t a, scalar_t b, scalar_t c) {
#if FUSED
  return LN_FMA(a, b, c);
#else
  return a * b + c;
#endif
}
/* a * b + c, two roundings in every copy: RowwiseMoments (Note [FMA in
 * layer_norm] in layer_norm_kernel.c) */
static inline scalar_t LN_NAME(mul_add)(scalar_t a, scalar_t b, scalar_t c) { return a * b + c; }

/* Welford's moments (m0 values, mean m1, sum of squared deviations m2) of
 * one lane merged with another's (m1_add, m2_add), c being the other's
 * share of the values (moments_weight).
 * PyTorch 1.13: moments_utils.h AddMoments, AddMomentsVec */
static inline void LN_NAME(add_moments)(scalar_t m1_add, scalar_t m2_add, int64_t m0, scalar_t* m1, scalar_t* m2,
                                        scalar_t c) {
  const scalar_t delta = m1_add - *m1;
  *m1 = LN_NAME(mul_add)(c, delta, *m1);
  *m2 = *m2 + LN_NAME(mul_add)(delta * delta * c, (scalar_t)m0, m2_add);
}
static inline scalar_t LN_NAME(moments_weight)(int64_t m0_add, int64_t n) {
  return n == 0 ? (scalar_t)0 : (scalar_t)m0_add / (scalar_t)n;
}
static void LN_NAME(add_moments_vec)(int64_t m0_add, const scalar_t* m1_add, const scalar_t* m2_add, int64_t* m0,
                                     scalar_t* m1, scalar_t* m2) {
  const int64_t n = *m0 + m0_add;
  const scalar_t c = LN_NAME(moments_weight)(m0_add, n);
  for (int l = 0; l < LN_LANES; l++) LN_NAME(add_moments)(m1_add[l], m2_add[l], *m0, &m1[l], &m2[l], c);
  *m0 = n;
}

/* The mean and the biased variance of X[0..N): Welford's algorithm in each
 * lane over chunks of kChunkSize vectors, the chunks merged in a binary
 * cascade (the stack m*_stk), then the scalar tail, then the lanes merged
 * one by one into the tail's moments.
 * PyTorch 1.13: moments_utils.h RowwiseMomentsImpl (ddof 0) */
static void LN_NAME(rowwise_moments)(const scalar_t* X, int64_t N, scalar_t* mean, scalar_t* var) {
  enum { L = LN_LANES, kMaxDepth = 64 };
  const int64_t n = N / L;
  const int64_t m = divup(n, kChunkSize);
  const int64_t depth = ceil_log2(m);
  int64_t m0_stk[kMaxDepth] = {0};
  scalar_t m1_stk[kMaxDepth][L], m2_stk[kMaxDepth][L];
  memset(m1_stk, 0, sizeof m1_stk);
  memset(m2_stk, 0, sizeof m2_stk);
  for (int64_t i = 0; i < m; i++) {
    const scalar_t* X_ptr = X + i * kChunkSize * L;
    const int64_t m0 = n - i * kChunkSize < kChunkSize ? n - i * kChunkSize : kChunkSize;
    scalar_t m1_vec[L] = {0}, m2_vec[L] = {0};
    for (int64_t j = 0; j < m0; j++) {
      const scalar_t c = (scalar_t)1 / (scalar_t)(j + 1); /* c_vecs[j] */
      for (int l = 0; l < L; l++) {
        const scalar_t x = X_ptr[j * L + l];
        const scalar_t delta = x - m1_vec[l];
        m1_vec[l] = LN_NAME(mul_add)(delta, c, m1_vec[l]);
        m2_vec[l] = LN_NAME(mul_add)(delta, x - m1_vec[l], m2_vec[l]);
      }
    }
    LN_NAME(add_moments_vec)(m0, m1_vec, m2_vec, &m0_stk[0], m1_stk[0], m2_stk[0]);
    int64_t mask = i + 1;
    for (int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
      LN_NAME(add_moments_vec)(m0_stk[j - 1], m1_stk[j - 1], m2_stk[j - 1], &m0_stk[j], m1_stk[j], m2_stk[j]);
      m0_stk[j - 1] = 0;
      memset(m1_stk[j - 1], 0, sizeof m1_stk[j - 1]);
      memset(m2_stk[j - 1], 0, sizeof m2_stk[j - 1]);
      mask >>= 1;
    }
  }
  for (int64_t i = 1; i < depth; i++)
    LN_NAME(add_moments_vec)(m0_stk[i], m1_stk[i], m2_stk[i], &m0_stk[0], m1_stk[0], m2_stk[0]);
  int64_t m0 = 0;
  scalar_t m1 = 0, m2 = 0;
  for (int64_t i = n * L; i < N; ++i) {
    const scalar_t delta = X[i] - m1;
    ++m0;
    m1 += delta / (scalar_t)m0;
    m2 = LN_NAME(mul_add)(delta, X[i] - m1, m2);
  }
  for (int l = 0; l < L; l++) {
    const int64_t total = m0 + n;
    LN_NAME(add_moments)(m1_stk[0][l], m2_stk[0][l], m0, &m1, &m2, LN_NAME(moments_weight)(n, total));
    m0 = total;
  }
  *mean = m1;
  *var = m2 / (scalar_t)N;
}

/* One row of the forward: Y = (X * rstd - rstd * mean) * gamma + beta,
 * gamma 1 and beta 0 where absent (the scalar loop of 1.13 then, vec::map3
 * otherwise: the same operations lane by lane).
 * PyTorch 1.13: layer_norm_kernel.cpp LayerNormKernelImplInternal */
static void LN_NAME(layer_norm_row)(const scalar_t* X_ptr, const scalar_t* gamma, const scalar_t* beta, int64_t N,
                                    scalar_t eps, scalar_t* Y_ptr, scalar_t* mean_out, scalar_t* rstd_out) {
  scalar_t mean_val, rstd_val;
  LN_NAME(rowwise_moments)(X_ptr, N, &mean_val, &rstd_val);
  rstd_val = (scalar_t)1 / LN_SQRT(rstd_val + eps);
  const scalar_t scale = rstd_val;
  const scalar_t bias = -rstd_val * mean_val;
  for (int64_t j = 0; j < N; j++) {
    const scalar_t gamma_v = gamma == NULL ? (scalar_t)1 : gamma[j];
    const scalar_t beta_v = beta == NULL ? (scalar_t)0 : beta[j];
    Y_ptr[j] = LN_NAME(madd)(LN_NAME(madd)(X_ptr[j], scale, bias), gamma_v, beta_v);
  }
  if (mean_out != NULL) *mean_out = mean_val;
  if (rstd_out != NULL) *rstd_out = rstd_val;
}

/* The sum of a Vectorized's lanes: VecReduceAllSIMD<float> at AVX2 (halves,
 * then pairs of pairs, then pairs: ((v0+v4) + (v2+v6)) + ((v1+v5) + (v3+v7))),
 * else vec_reduce_all's lane-0 loop over the first `size` lanes.
 * PyTorch 1.13: functional_base.h vec_reduce_all, VecReduceAllSIMD */
static scalar_t LN_NAME(vec_sum)(const scalar_t* v, int64_t size) {
#if LN_SIMD_SUM
  if (size == LN_LANES) {
    scalar_t w[4], x[2];
    for (int l = 0; l < 4; l++) w[l] = v[l] + v[l + 4];
    x[0] = w[0] + w[2];
    x[1] = w[1] + w[3];
    return x[0] + x[1];
  }
#endif
  scalar_t acc = v[0];
  for (int64_t i = 1; i < size; i++) acc = acc + v[i];
  return acc;
}

/* p[j] * q[j] * r[j] summed over j < N (q, r: NULL for fewer factors), as
 * vec::reduce_all, map2_reduce_all and map3_reduce_all sum them: the first
 * vector's products, then each vector's added lane by lane (fused with
 * its last product), the tail's into its lanes only, then the lanes. */
static scalar_t LN_NAME(product_term)(const scalar_t* p, const scalar_t* q, const scalar_t* r, int64_t j) {
  scalar_t t = p[j];
  if (q != NULL) t = t * q[j];
  if (r != NULL) t = t * r[j];
  return t;
}
static scalar_t LN_NAME(accumulate)(scalar_t acc, const scalar_t* p, const scalar_t* q, const scalar_t* r,
                                    int64_t j) {
  if (q == NULL) return acc + p[j];
  if (r == NULL) return LN_NAME(madd)(p[j], q[j], acc);
  return LN_NAME(madd)(p[j] * q[j], r[j], acc);
}
static scalar_t LN_NAME(map_reduce_all)(const scalar_t* p, const scalar_t* q, const scalar_t* r, int64_t N) {
  enum { L = LN_LANES };
  scalar_t acc[L] = {0};
  if (N < L) {
    for (int64_t l = 0; l < N; l++) acc[l] = LN_NAME(product_term)(p, q, r, l);
    return LN_NAME(vec_sum)(acc, N == 0 ? 1 : N);
  }
  for (int l = 0; l < L; l++) acc[l] = LN_NAME(product_term)(p, q, r, l);
  int64_t d = L;
  for (; d < N - (N % L); d += L)
    for (int l = 0; l < L; l++) acc[l] = LN_NAME(accumulate)(acc[l], p, q, r, d + l);
  for (int64_t l = 0; l < N - d; l++) acc[l] = LN_NAME(accumulate)(acc[l], p, q, r, d + l);
  return LN_NAME(vec_sum)(acc, L);
}

/* One row of the backward: the row's share of dgamma and dbeta into this
 * thread's buffers, and dX.
 * PyTorch 1.13: layer_norm_kernel.cpp LayerNormBackwardKernelImplInternal (first path) */
static void LN_NAME(layer_norm_backward_row)(const scalar_t* dY_ptr, const scalar_t* X_ptr, scalar_t mean,
                                             scalar_t rstd, const scalar_t* gamma, int64_t N, scalar_t* dgamma_buf,
                                             scalar_t* dbeta_buf, scalar_t* dX_ptr) {
  if (dgamma_buf != NULL) {
    const scalar_t a = rstd, b = -a * mean;
    for (int64_t j = 0; j < N; j++)
      dgamma_buf[j] = LN_NAME(madd)(dY_ptr[j], LN_NAME(madd)(a, X_ptr[j], b), dgamma_buf[j]);
  }
  if (dbeta_buf != NULL)
    for (int64_t j = 0; j < N; j++) dbeta_buf[j] = dbeta_buf[j] + dY_ptr[j];
  if (dX_ptr == NULL) return;
  const scalar_t scale = (scalar_t)1 / (scalar_t)N;
  const scalar_t ds = LN_NAME(map_reduce_all)(dY_ptr, X_ptr, gamma, N);
  const scalar_t db = LN_NAME(map_reduce_all)(dY_ptr, gamma, NULL, N);
  const scalar_t a = rstd;
  const scalar_t b = LN_NAME(madd)(db, mean, -ds) * a * a * a * scale;
  const scalar_t c = LN_NAME(madd)(-b, mean, -(db * a * scale));
  for (int64_t j = 0; j < N; j++) {
    const scalar_t dy = gamma == NULL ? a * dY_ptr[j] : a * dY_ptr[j] * gamma[j];
    dX_ptr[j] = LN_NAME(madd)(b, X_ptr[j], dy) + c;
  }
}
