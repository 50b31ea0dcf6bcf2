/*
 * SumKernelLoops.h - the loops of the cascade sum for one element type:
 * included by SumKernel.c once per dtype (and so, SumKernel.c being
 * compiled once per CPU capability, once per (dtype, capability)).  See
 * Note [Cascade sum] in SumKernel.c for the order of the additions, which
 * every variant keeps.
 *
 * The includer defines:
 *   SUM_T       the element type in memory (float, double, or uint16_t: the
 *               bits of a Half or BFloat16)
 *   SUM_ACC     the type the sums are carried in (1.13's acc_type<T, true>:
 *               SUM_T itself for float and double, float for Half and BFloat16)
 *   SUM_SUFFIX  the variant's name: the functions are <name>_<suffix>
 *   SUM_LOAD(p)        the element at p as a SUM_ACC (CastLoadPolicy)
 *   SUM_LOAD_INNER(p)  the kVectorBytes at p (a whole Vectorized<SUM_T>)
 *                      reduced to one Vec (InnerSumCastLoadPolicy)
 *   SUM_LOAD_OUTER(p)  the LANES elements at p as one Vec (OuterSumCastLoadPolicy)
 *   SUM_STORE_ACCUMULATE(p, v)  *p += v in SUM_T (CastStoreAccumulate)
 *   SUM_ADD_ELEMENT(o, p)       *o = *o + *p in SUM_T (a tile with no
 *                               reduced dimension)
 * and kNumLevels, kIlpFactor, kNrows, kVectorBytes, kMaxCols (SumKernel.c).
 *
 * A Vec is kVectorBytes (32) of SUM_ACC: 8 floats or 4 doubles, 1.13's AVX2
 * Vectorized<acc_t>, in every capability; `a + b` on two Vecs is one
 * addition per lane, each rounded to SUM_ACC.  Only the instructions differ:
 * two SSE registers per Vec in the baseline, one AVX register in AVX2 and
 * AVX512.  An "element" of the cascade is a whole Vec (loaded by
 * SUM_LOAD_INNER or SUM_LOAD_OUTER) or one number carried in lane 0 of a
 * Vec whose other lanes stay 0 (SUM_LOAD): the same source sums both, and
 * lane 0's additions are the scalar ones.  The kind of element and the
 * number of columns are constants at each call (the helpers are inlined,
 * their small loops unrolled), so the compiler keeps the accumulators of
 * the inner loop in registers.
 */
#include <string.h>

#define SUM_CAT2(a, b) a##_##b
#define SUM_CAT(a, b) SUM_CAT2(a, b)
#define FN(name) SUM_CAT(name, SUM_SUFFIX)
#define T SUM_T
#define ACC SUM_ACC
#define Vec FN(Vec)
#define LANES ((int64_t)(kVectorBytes / sizeof(SUM_ACC)))
/* Elements of T in one Vectorized<T> (vec_t::size()): LANES for float and
 * double, 16 for Half and BFloat16. */
#define VEC_NUMEL ((int64_t)(kVectorBytes / sizeof(SUM_T)))
#define INLINE inline __attribute__((always_inline))

typedef ACC Vec __attribute__((vector_size(kVectorBytes)));

/* The element at p of the given kind (kScalarElement, kInnerElement,
 * kOuterElement: SumKernel.c). */
static INLINE void FN(load)(Vec* v, const char* p, int kind) {
  if (kind == kInnerElement) {
    *v = SUM_LOAD_INNER(p);
  } else if (kind == kOuterElement) {
    *v = SUM_LOAD_OUTER(p);
  } else {
    *v = (Vec){0};
    (*v)[0] = SUM_LOAD(p);
  }
}

/* sum[k] += element k of rows 0 .. n-1, for k < ncols: row r starts at in
 * + r * row_stride, its element k at + k * col_stride.  The row order is
 * the order of the additions into each sum[k]. */
static INLINE void FN(add_rows)(Vec sum[], int ncols, const char* in, int64_t row_stride, int64_t col_stride,
                                int64_t n, int kind) {
  /* A local copy, so that the accumulators stay in registers.  Vectors are
   * copied as vectors here and below: a memcpy's narrower moves would stall
   * the vector loads that follow (no store forwarding). */
  Vec s[kMaxCols];
#pragma GCC unroll 16
  for (int k = 0; k < ncols; k++) s[k] = sum[k];
  for (int64_t r = 0; r < n; r++) {
    const char* row = in + r * row_stride;
#pragma GCC unroll 16
    for (int k = 0; k < ncols; k++) {
      Vec v;
      FN(load)(&v, row + k * col_stride, kind);
      s[k] += v;
    }
  }
#pragma GCC unroll 16
  for (int k = 0; k < ncols; k++) sum[k] = s[k];
}

/*
 * The cascade over `size` rows of ncols elements: row i starts at in + i *
 * row_stride, its element k at + k * col_stride.  ret[k] is the sum of
 * column k.  ncols is 1.13's nrows (4), or kMaxCols for vectorized_outer_sum
 * (see there): each column's additions are the same whatever ncols is.
 * PyTorch 1.13: SumKernel.cpp multi_row_sum
 */
static INLINE void FN(multi_row_sum)(const char* in, int64_t row_stride, int64_t col_stride, int64_t size,
                                     int kind, int ncols, Vec ret[]) {
  const int64_t level_power = ceil_log2(size) / kNumLevels > 4 ? ceil_log2(size) / kNumLevels : 4;
  const int64_t level_step = (int64_t)1 << level_power;
  const int64_t level_mask = level_step - 1;
  Vec acc[kNumLevels][kMaxCols];
  /* Vector stores of 0, not a memset (see add_rows). */
#pragma GCC unroll 4
  for (int j = 0; j < kNumLevels; j++)
#pragma GCC unroll 16
    for (int k = 0; k < ncols; k++) acc[j][k] = (Vec){0};

  int64_t i = 0;
  while (i + level_step <= size) {
    FN(add_rows)(acc[0], ncols, in + i * row_stride, row_stride, col_stride, level_step, kind);
    i += level_step;
#pragma GCC unroll 4
    for (int j = 1; j < kNumLevels; j++) {
#pragma GCC unroll 16
      for (int k = 0; k < ncols; k++) {
        acc[j][k] += acc[j - 1][k];
        acc[j - 1][k] = (Vec){0};
      }
      if ((i & (level_mask << (j * level_power))) != 0) break;
    }
  }
  FN(add_rows)(acc[0], ncols, in + i * row_stride, row_stride, col_stride, size - i, kind);
#pragma GCC unroll 4
  for (int j = 1; j < kNumLevels; j++)
#pragma GCC unroll 16
    for (int k = 0; k < ncols; k++) acc[0][k] += acc[j][k];
#pragma GCC unroll 16
  for (int k = 0; k < ncols; k++) ret[k] = acc[0][k];
}

/* One row of `size` elements (element i at in + i * stride) as four
 * interleaved columns; *ret is their sum.  PyTorch 1.13: SumKernel.cpp row_sum */
static INLINE void FN(row_sum)(const char* in, int64_t stride, int64_t size, int kind, Vec* ret) {
  const int64_t size_ilp = size / kIlpFactor;
  Vec partial[kIlpFactor];
  FN(multi_row_sum)(in, stride * kIlpFactor, stride, size_ilp, kind, kIlpFactor, partial);
  for (int64_t i = size_ilp * kIlpFactor; i < size; i++) {
    Vec v;
    FN(load)(&v, in + i * stride, kind);
    partial[0] += v;
  }
#pragma GCC unroll 4
  for (int k = 1; k < kIlpFactor; k++) partial[0] += partial[k];
  *ret = partial[0];
}

/* *p += v in T.  PyTorch 1.13: SumKernel.cpp CastStoreAccumulate */
static INLINE void FN(store_accumulate)(char* p, ACC v) { SUM_STORE_ACCUMULATE(p, v); }

/* size1 rows (outer_stride apart), each reduced along size0 contiguous
 * elements.  PyTorch 1.13: SumKernel.cpp vectorized_inner_sum */
static void FN(vectorized_inner_sum)(char* const data[2], int64_t outer_stride, int64_t out_stride,
                                                int64_t size0, int64_t size1) {
  const int64_t vec_size = size0 / VEC_NUMEL;
  for (int64_t j = 0; j < size1; j++) {
    const char* row_in = data[1] + j * outer_stride;
    Vec vec_acc;
    FN(row_sum)(row_in, kVectorBytes, vec_size, kInnerElement, &vec_acc);
    ACC final_acc = 0;
    for (int64_t k = vec_size * VEC_NUMEL; k < size0; k++) final_acc += SUM_LOAD(row_in + k * (int64_t)sizeof(T));
    for (int64_t l = 0; l < LANES; l++) final_acc += vec_acc[l];
    FN(store_accumulate)(data[0] + j * out_stride, final_acc);
  }
}

/*
 * size1 contiguous outputs, each reduced along size0 elements inner_stride
 * apart.  1.13 sums groups of kNrows vectors of outputs, one group per pass
 * down the rows; here up to kOuterGroups neighbouring groups go down the
 * rows together (kMaxCols vectors: 512 bytes of each row read at once, a
 * quarter of the passes), each group's additions as in its own pass.
 * PyTorch 1.13: SumKernel.cpp vectorized_outer_sum
 */
static void FN(vectorized_outer_sum)(char* const data[2], int64_t inner_stride, int64_t out_stride,
                                                int64_t size0, int64_t size1) {
  int64_t j = 0;
  for (; j + kMaxCols * LANES <= size1; j += kMaxCols * LANES) {
    Vec sums[kMaxCols];
    FN(multi_row_sum)(data[1] + j * sizeof(T), inner_stride, LANES * sizeof(T), size0, kOuterElement, kMaxCols, sums);
    for (int k = 0; k < kMaxCols; k++)
      for (int64_t l = 0; l < LANES; l++)
        FN(store_accumulate)(data[0] + (j + k * LANES + l) * out_stride, sums[k][l]);
  }
  for (; j + kNrows * LANES <= size1; j += kNrows * LANES) {
    Vec sums[kNrows];
    FN(multi_row_sum)(data[1] + j * sizeof(T), inner_stride, LANES * sizeof(T), size0, kOuterElement, kNrows, sums);
    for (int k = 0; k < kNrows; k++)
      for (int64_t l = 0; l < LANES; l++)
        FN(store_accumulate)(data[0] + (j + k * LANES + l) * out_stride, sums[k][l]);
  }
  for (; j + LANES <= size1; j += LANES) {
    Vec sum;
    FN(row_sum)(data[1] + j * sizeof(T), inner_stride, size0, kOuterElement, &sum);
    for (int64_t l = 0; l < LANES; l++) FN(store_accumulate)(data[0] + (j + l) * out_stride, sum[l]);
  }
  for (; j < size1; j++) {
    Vec sum;
    FN(row_sum)(data[1] + j * sizeof(T), inner_stride, size0, kScalarElement, &sum);
    FN(store_accumulate)(data[0] + j * out_stride, sum[0]);
  }
}

/* PyTorch 1.13: SumKernel.cpp scalar_inner_sum */
static void FN(scalar_inner_sum)(char* const data[2], const int64_t in_strides[2], int64_t out_stride,
                                            int64_t size0, int64_t size1) {
  for (int64_t j = 0; j < size1; j++) {
    Vec ans;
    FN(row_sum)(data[1] + j * in_strides[1], in_strides[0], size0, kScalarElement, &ans);
    FN(store_accumulate)(data[0] + j * out_stride, ans[0]);
  }
}

/* PyTorch 1.13: SumKernel.cpp scalar_outer_sum */
static void FN(scalar_outer_sum)(char* const data[2], const int64_t in_strides[2], int64_t out_stride,
                                            int64_t size0, int64_t size1) {
  int64_t j = 0;
  for (; j + (kNrows - 1) < size1; j += kNrows) {
    Vec sums[kNrows];
    FN(multi_row_sum)(data[1] + j * in_strides[1], in_strides[0], in_strides[1], size0, kScalarElement, kNrows, sums);
    for (int k = 0; k < kNrows; k++) FN(store_accumulate)(data[0] + (j + k) * out_stride, sums[k][0]);
  }
  for (; j < size1; j++) {
    Vec sum;
    FN(row_sum)(data[1] + j * in_strides[1], in_strides[0], size0, kScalarElement, &sum);
    FN(store_accumulate)(data[0] + j * out_stride, sum[0]);
  }
}

/*
 * One two-dimensional tile: data = {output, input}, strides = {output and
 * input byte strides along dimension 0, then along dimension 1}.
 * PyTorch 1.13: SumKernel.cpp cascade_sum (the parallel_reduce loop)
 */
static void FN(cascade_sum_loop)(char* data[2], const int64_t strides[4], int64_t size0,
                                            int64_t size1) {
  int64_t in_strides[2] = {strides[1], strides[3]};
  int64_t out_strides[2] = {strides[0], strides[2]};
  /* Move the reduction to be the first dimension. */
  if (out_strides[0] != 0 && out_strides[1] == 0) {
    int64_t s = in_strides[0];
    in_strides[0] = in_strides[1], in_strides[1] = s;
    s = out_strides[0];
    out_strides[0] = out_strides[1], out_strides[1] = s;
    s = size0;
    size0 = size1, size1 = s;
  }
  /* Not a true reduction: out = out + in, element by element. */
  if (out_strides[0] != 0 && out_strides[1] != 0) {
    for (int64_t j = 0; j < size1; j++) {
      for (int64_t i = 0; i < size0; i++)
        SUM_ADD_ELEMENT(data[0] + i * strides[0], data[1] + i * strides[1]);
      data[0] += strides[2];
      data[1] += strides[3];
    }
    return;
  }
  const int64_t out_stride = out_strides[1];
  if (in_strides[0] == (int64_t)sizeof(T) && size0 >= VEC_NUMEL)
    FN(vectorized_inner_sum)(data, in_strides[1], out_stride, size0, size1);
  else if (in_strides[1] == (int64_t)sizeof(T) && size1 >= VEC_NUMEL)
    FN(vectorized_outer_sum)(data, in_strides[0], out_stride, size0, size1);
  else if (in_strides[0] < in_strides[1])
    FN(scalar_inner_sum)(data, in_strides, out_stride, size0, size1);
  else
    FN(scalar_outer_sum)(data, in_strides, out_stride, size0, size1);
}

#undef SUM_CAT2
#undef SUM_CAT
#undef FN
#undef T
#undef ACC
#undef Vec
#undef LANES
#undef VEC_NUMEL
#undef INLINE
