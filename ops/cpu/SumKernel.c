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
 *     dimension, then single vectors, then single outputs;
 *   - otherwise scalar rows: one output at a time along the smaller stride
 *     (scalar_inner_sum), or four neighbouring outputs at a time
 *     (scalar_outer_sum).
 *
 * Which of these runs is decided per two-dimensional tile of 1.13's
 * TensorIterator: the reduction's dimensions are ordered with the reduced
 * ones innermost (reorder_dimensions_reduction), merged where memory allows
 * (coalesce_dimensions), and the loop is called once per step of the
 * dimensions beyond the first two (serial_for_each, one thread: Debian's
 * 1.13 here runs torch.get_num_threads() == 1, and with one thread
 * parallel_reduce never splits a reduction).  Each call adds its sums into
 * the output, which starts at 0 (`out += sum`, CastStoreAccumulate), so a
 * reduction split over several calls adds its partial sums in call order.
 * A tile with no reduced dimension adds its input elementwise.
 *
 * Values are carried in doubles here; a Float sum rounds every addition to
 * float (add below).  A sum of two floats rounded once to double and then
 * to float is the correctly rounded float sum (53 >= 2 * 24 + 2), so each
 * step is exactly 1.13's float addition.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SumKernel.cpp (cascade_sum,
 * multi_row_sum, row_sum, vectorized_inner_sum, vectorized_outer_sum,
 * scalar_inner_sum, scalar_outer_sum), TensorIterator.cpp
 * (parallel_reduce, serial_for_each), native/cpu/utils.h (CeilLog2)
 */
#include "ops/cpu/SumKernel.h"

#include <string.h>

#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"

enum {
  kNumLevels = 4,  /* multi_row_sum's accumulator levels */
  kIlpFactor = 4,  /* row_sum's columns */
  kNrows = 4,      /* outputs summed side by side by the outer sums */
  kMaxLanes = 8,   /* Vectorized<float>::size() on AVX2 */
  kVectorBytes = 32,
};

/* The element type of one sum: Float (8 lanes) or Double (4 lanes). */
typedef struct SumType {
  bool is_float;
  int64_t itemsize;
  int64_t lanes;
} SumType;

static inline double sum_load(const SumType* t, const char* p) {
  return t->is_float ? (double)*(const float*)p : *(const double*)p;
}

/* a + b in the sum's dtype (see Note [Cascade sum] for the rounding). */
static inline double sum_add(const SumType* t, double a, double b) {
  double r = a + b;
  return t->is_float ? (double)(float)r : r;
}

/* *p += v in the sum's dtype.  PyTorch 1.13: SumKernel.cpp CastStoreAccumulate */
static inline void store_accumulate(const SumType* t, char* p, double v) {
  if (t->is_float)
    *(float*)p = (float)((double)*(float*)p + v);
  else
    *(double*)p += v;
}

/* ceil(log2(x)), 1 for x <= 2.  PyTorch 1.13: native/cpu/utils.h CeilLog2 */
static int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll((unsigned long long)(x - 1));
}

/*
 * The cascade over `size` rows of nrows elements of width lanes each: row i
 * starts at in + i * row_stride, its element k at + k * col_stride, lane l
 * at + l * itemsize.  Writes nrows * width sums to ret.
 * PyTorch 1.13: SumKernel.cpp multi_row_sum
 */
static void multi_row_sum(const SumType* t, const char* in, int64_t row_stride, int64_t col_stride, int64_t size,
                          int nrows, int64_t width, double* ret) {
  const int64_t level_power = ceil_log2(size) / kNumLevels > 4 ? ceil_log2(size) / kNumLevels : 4;
  const int64_t level_step = (int64_t)1 << level_power;
  const int64_t level_mask = level_step - 1;
  const int64_t n = nrows * width;
  double acc[kNumLevels][kNrows * kMaxLanes];
  memset(acc, 0, sizeof acc);

  int64_t i = 0;
  while (i + level_step <= size) {
    for (int64_t j = 0; j < level_step; j++, i++) {
      const char* base = in + i * row_stride;
      for (int k = 0; k < nrows; k++)
        for (int64_t l = 0; l < width; l++)
          acc[0][k * width + l] = sum_add(t, acc[0][k * width + l], sum_load(t, base + k * col_stride + l * t->itemsize));
    }
    for (int j = 1; j < kNumLevels; j++) {
      for (int64_t e = 0; e < n; e++) {
        acc[j][e] = sum_add(t, acc[j][e], acc[j - 1][e]);
        acc[j - 1][e] = 0;
      }
      if ((i & (level_mask << (j * level_power))) != 0) break;
    }
  }
  for (; i < size; i++) {
    const char* base = in + i * row_stride;
    for (int k = 0; k < nrows; k++)
      for (int64_t l = 0; l < width; l++)
        acc[0][k * width + l] = sum_add(t, acc[0][k * width + l], sum_load(t, base + k * col_stride + l * t->itemsize));
  }
  for (int j = 1; j < kNumLevels; j++)
    for (int64_t e = 0; e < n; e++) acc[0][e] = sum_add(t, acc[0][e], acc[j][e]);
  memcpy(ret, acc[0], (size_t)n * sizeof(double));
}

/* One row of `size` elements (width lanes each, element i at in + i *
 * stride) as four interleaved columns; writes width sums to ret.
 * PyTorch 1.13: SumKernel.cpp row_sum */
static void row_sum(const SumType* t, const char* in, int64_t stride, int64_t size, int64_t width, double* ret) {
  const int64_t size_ilp = size / kIlpFactor;
  double partial[kIlpFactor * kMaxLanes];
  multi_row_sum(t, in, stride * kIlpFactor, stride, size_ilp, kIlpFactor, width, partial);
  for (int64_t i = size_ilp * kIlpFactor; i < size; i++)
    for (int64_t l = 0; l < width; l++)
      partial[l] = sum_add(t, partial[l], sum_load(t, in + i * stride + l * t->itemsize));
  for (int k = 1; k < kIlpFactor; k++)
    for (int64_t l = 0; l < width; l++) partial[l] = sum_add(t, partial[l], partial[k * width + l]);
  memcpy(ret, partial, (size_t)width * sizeof(double));
}

/* size1 rows (outer_stride apart), each reduced along size0 contiguous
 * elements.  PyTorch 1.13: SumKernel.cpp vectorized_inner_sum */
static void vectorized_inner_sum(const SumType* t, char* const data[2], int64_t outer_stride, int64_t out_stride,
                                 int64_t size0, int64_t size1) {
  const int64_t vec_size = size0 / t->lanes;
  for (int64_t j = 0; j < size1; j++) {
    const char* row_in = data[1] + j * outer_stride;
    double vec_acc[kMaxLanes];
    row_sum(t, row_in, t->lanes * t->itemsize, vec_size, t->lanes, vec_acc);
    double final_acc = 0;
    for (int64_t k = vec_size * t->lanes; k < size0; k++)
      final_acc = sum_add(t, final_acc, sum_load(t, row_in + k * t->itemsize));
    for (int64_t l = 0; l < t->lanes; l++) final_acc = sum_add(t, final_acc, vec_acc[l]);
    store_accumulate(t, data[0] + j * out_stride, final_acc);
  }
}

/* size1 contiguous outputs, each reduced along size0 elements inner_stride
 * apart.  PyTorch 1.13: SumKernel.cpp vectorized_outer_sum */
static void vectorized_outer_sum(const SumType* t, char* const data[2], int64_t inner_stride, int64_t out_stride,
                                 int64_t size0, int64_t size1) {
  const int64_t lanes = t->lanes, vec_stride = lanes * t->itemsize;
  double sums[kNrows * kMaxLanes];
  int64_t j = 0;
  for (; j + kNrows * lanes <= size1; j += kNrows * lanes) {
    multi_row_sum(t, data[1] + j * t->itemsize, inner_stride, vec_stride, size0, kNrows, lanes, sums);
    for (int64_t e = 0; e < kNrows * lanes; e++) store_accumulate(t, data[0] + (j + e) * out_stride, sums[e]);
  }
  for (; j + lanes <= size1; j += lanes) {
    row_sum(t, data[1] + j * t->itemsize, inner_stride, size0, lanes, sums);
    for (int64_t e = 0; e < lanes; e++) store_accumulate(t, data[0] + (j + e) * out_stride, sums[e]);
  }
  for (; j < size1; j++) {
    row_sum(t, data[1] + j * t->itemsize, inner_stride, size0, 1, sums);
    store_accumulate(t, data[0] + j * out_stride, sums[0]);
  }
}

/* PyTorch 1.13: SumKernel.cpp scalar_inner_sum */
static void scalar_inner_sum(const SumType* t, char* const data[2], const int64_t in_strides[2], int64_t out_stride,
                             int64_t size0, int64_t size1) {
  for (int64_t j = 0; j < size1; j++) {
    double ans;
    row_sum(t, data[1] + j * in_strides[1], in_strides[0], size0, 1, &ans);
    store_accumulate(t, data[0] + j * out_stride, ans);
  }
}

/* PyTorch 1.13: SumKernel.cpp scalar_outer_sum */
static void scalar_outer_sum(const SumType* t, char* const data[2], const int64_t in_strides[2], int64_t out_stride,
                             int64_t size0, int64_t size1) {
  double sums[kNrows];
  int64_t j = 0;
  for (; j + (kNrows - 1) < size1; j += kNrows) {
    multi_row_sum(t, data[1] + j * in_strides[1], in_strides[0], in_strides[1], size0, kNrows, 1, sums);
    for (int k = 0; k < kNrows; k++) store_accumulate(t, data[0] + (j + k) * out_stride, sums[k]);
  }
  for (; j < size1; j++) {
    row_sum(t, data[1] + j * in_strides[1], in_strides[0], size0, 1, sums);
    store_accumulate(t, data[0] + j * out_stride, sums[0]);
  }
}

/*
 * One two-dimensional tile: data = {output, input}, strides = {output and
 * input byte strides along dimension 0, then along dimension 1}.
 * PyTorch 1.13: SumKernel.cpp cascade_sum (the parallel_reduce loop)
 */
static void cascade_sum_loop(const SumType* t, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {
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
      for (int64_t i = 0; i < size0; i++) {
        char* o = data[0] + i * strides[0];
        store_accumulate(t, o, sum_load(t, data[1] + i * strides[1]));
      }
      data[0] += strides[2];
      data[1] += strides[3];
    }
    return;
  }
  const int64_t out_stride = out_strides[1];
  if (in_strides[0] == t->itemsize && size0 >= t->lanes)
    vectorized_inner_sum(t, data, in_strides[1], out_stride, size0, size1);
  else if (in_strides[1] == t->itemsize && size1 >= t->lanes)
    vectorized_outer_sum(t, data, in_strides[0], out_stride, size0, size1);
  else if (in_strides[0] < in_strides[1])
    scalar_inner_sum(t, data, in_strides, out_stride, size0, size1);
  else
    scalar_outer_sum(t, data, in_strides, out_stride, size0, size1);
}

void cascade_sum(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  const SumType t = {self->dtype == ScalarType_Float, (int64_t)Tensor_itemsize(self),
                     kVectorBytes / (int64_t)Tensor_itemsize(self)};
  /* iter.output().fill_(0) */
  char* out_data = Tensor_data(result);
  {
    int64_t idx[MINATEN_MAX_DIM] = {0};
    for (int64_t n = 0; n < result->numel; n++) {
      int64_t off = 0;
      for (int64_t d = 0; d < result->dim; d++) off += idx[d] * result->strides[d];
      memset(out_data + off * t.itemsize, 0, (size_t)t.itemsize);
      for (int64_t d = result->dim - 1; d >= 0; d--) {
        if (++idx[d] < result->sizes[d]) break;
        idx[d] = 0;
      }
    }
  }
  if (self->numel == 0) return; /* sum_out: result.zero_() */

  /* The reduction's TensorIterator: the output viewed over self's shape
   * with stride 0 along the reduced dimensions (review_reduce_result). */
  int64_t ndim = self->dim;
  int64_t shape[MINATEN_MAX_DIM], out_st[MINATEN_MAX_DIM], in_st[MINATEN_MAX_DIM];
  for (int64_t d = 0, r = 0; d < ndim; d++) {
    shape[d] = self->sizes[d];
    in_st[d] = self->strides[d] * t.itemsize;
    if (mask[d]) {
      out_st[d] = 0;
      if (keepdim) r++;
    } else {
      out_st[d] = result->strides[r++] * t.itemsize;
    }
  }
  int64_t perm[MINATEN_MAX_DIM];
  const int64_t* ops[2] = {out_st, in_st};
  reorder_dimensions_reduction(ndim, shape, ops, 2, perm);
  int64_t p_shape[MINATEN_MAX_DIM], p_out[MINATEN_MAX_DIM], p_in[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < ndim; i++) {
    p_shape[i] = shape[perm[i]];
    p_out[i] = out_st[perm[i]];
    p_in[i] = in_st[perm[i]];
  }
  int64_t* strides_of[2] = {p_out, p_in};
  ndim = coalesce_dimensions(ndim, p_shape, strides_of, 2);

  /* serial_for_each: the loop over the first two dimensions, once per step
   * of the others (the third fastest). */
  char* base[2] = {out_data, (char*)Tensor_data(self)};
  if (ndim <= 1) {
    int64_t strides[4] = {ndim == 1 ? p_out[0] : 0, ndim == 1 ? p_in[0] : 0, 0, 0};
    char* data[2] = {base[0], base[1]};
    cascade_sum_loop(&t, data, strides, self->numel, 1);
    return;
  }
  const int64_t strides[4] = {p_out[0], p_in[0], p_out[1], p_in[1]};
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (;;) {
    char* data[2] = {base[0], base[1]};
    for (int64_t d = 2; d < ndim; d++) {
      data[0] += idx[d] * p_out[d];
      data[1] += idx[d] * p_in[d];
    }
    cascade_sum_loop(&t, data, strides, p_shape[0], p_shape[1]);
    int64_t d = 2;
    for (; d < ndim; d++) {
      if (++idx[d] < p_shape[d]) break;
      idx[d] = 0;
    }
    if (d == ndim) break;
  }
}
