/*
 * test_sum_kernel.c - ops/cpu/SumKernel.c's vector loops, in every CPU
 * capability this machine can run, against a scalar model of the same
 * order of additions, bit for bit.
 *
 * The model below is SumKernel.c as it was before its loops were
 * vectorised: every value carried as a double, one lane at a time, a Float
 * addition rounded to float after each step (Note [Cascade sum] there).  It
 * follows 1.13's order literally, lane by lane, so a vector loop that adds
 * anything in another order (a lane, a level, a column, a tail) gives other
 * bits on these inputs: random lengths 0..300 (every tail of 8 and 4
 * lanes, every remainder of the 4 columns, several cascade levels), Float
 * and Double, a reduction of the inner, the outer and a middle dimension,
 * all dimensions, keepdim, and non-contiguous inputs (a transpose, a slice
 * with step 2), whose rows take the scalar loops.  Values spread over
 * many magnitudes, so that a different order of additions rounds
 * differently.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ops/TensorIterator.h"
#include "ops/cpu/SumKernel.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "test_util.h"

/* ---- the scalar model ------------------------------------------------------ */

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

/* The sum of self over mask into result, as SumKernel.h cascade_sum. */
static void model_cascade_sum(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
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

/* ---- the tests ------------------------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
/* A random length in 0 .. max. */
static int64_t random_length(int64_t max) { return (int64_t)(next_random() % (uint64_t)(max + 1)); }
/* A value of random sign and magnitude (2^-20 .. 2^20): sums of these
 * round differently in different orders. */
static double random_value(void) {
  uint64_t r = next_random();
  double mantissa = (double)(r >> 11) / 9007199254740992.0 + 0.5;
  int exponent = (int)(r % 41) - 20;
  return (r & 1024 ? -mantissa : mantissa) * (double)((int64_t)1 << (exponent + 20)) / (double)(1 << 20);
}

/* A contiguous tensor of dtype st and the given sizes, random values. */
static Tensor* random_tensor(ScalarType st, const int64_t* sizes, int64_t dim) {
  OptionalScalarType dtype = {true, st};
  Tensor* t = at_empty_memory_format(IntArrayRef_make(sizes, (size_t)dim), dtype, kNoLayout, kNoDevice, kNoPinMemory,
                                     kNoMemoryFormat);
  assert_non_null(t);
  for (int64_t i = 0; i < t->numel; i++) {
    if (st == ScalarType_Float)
      ((float*)Tensor_data(t))[i] = (float)random_value();
    else
      ((double*)Tensor_data(t))[i] = random_value();
  }
  return t;
}

/* The sum of self over mask in every capability this CPU has, each
 * compared bit for bit with the model's. */
static void check_sum(const Tensor* self, const bool* mask, bool keepdim) {
  int64_t out_sizes[MINATEN_MAX_DIM];
  int64_t nout = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    if (!mask[d])
      out_sizes[nout++] = self->sizes[d];
    else if (keepdim)
      out_sizes[nout++] = 1;
  }
  OptionalScalarType dtype = {true, self->dtype};
  Tensor* expected = at_empty_memory_format(IntArrayRef_make(out_sizes, (size_t)nout), dtype, kNoLayout, kNoDevice,
                                            kNoPinMemory, kNoMemoryFormat);
  assert_non_null(expected);
  model_cascade_sum(self, expected, mask, keepdim);
  const size_t bytes = (size_t)expected->numel * Tensor_itemsize(expected);
  for (int c = CPUCapability_DEFAULT; c <= (int)CPUCapability_hardware(); c++) {
    Tensor* got = at_empty_memory_format(IntArrayRef_make(out_sizes, (size_t)nout), dtype, kNoLayout, kNoDevice,
                                         kNoPinMemory, kNoMemoryFormat);
    assert_non_null(got);
    memset(Tensor_data(got), 0x7f, bytes); /* cascade_sum zeroes it first */
    cascade_sum_capability((CPUCapability)c, self, got, mask, keepdim);
    if (memcmp(Tensor_data(got), Tensor_data(expected), bytes) != 0)
      fail_msg("%s sum of %lld elements (dim %lld, first size %lld) differs from the model in capability %s",
               self->dtype == ScalarType_Float ? "Float" : "Double", (long long)self->numel, (long long)self->dim,
               (long long)(self->dim > 0 ? self->sizes[0] : 1), CPUCapability_name((CPUCapability)c));
    Tensor_release(got);
  }
  Tensor_release(expected);
}

static const ScalarType kDtypes[] = {ScalarType_Float, ScalarType_Double};

/* All of a 1-d tensor of every length 0 .. 300: vectorized_inner_sum's
 * tails and the cascade's levels. */
static void test_sum_all_lengths(void** state) {
  (void)state;
  for (int d = 0; d < 2; d++)
    for (int64_t n = 0; n <= 300; n++) {
      Tensor* t = random_tensor(kDtypes[d], &n, 1);
      check_sum(t, (const bool[]){true}, false);
      Tensor_release(t);
    }
  /* Long enough for all four levels (level_step 32 from 2^17 on). */
  int64_t n = ((int64_t)1 << 19) + 37;
  for (int d = 0; d < 2; d++) {
    Tensor* t = random_tensor(kDtypes[d], &n, 1);
    check_sum(t, (const bool[]){true}, false);
    Tensor_release(t);
  }
}

/* (rows, n) reduced along n (inner), along rows (outer: the kept
 * dimension contiguous, vectorized_outer_sum's groups of 4 vectors, single
 * vectors and single outputs), and both, with and without keepdim. */
static void test_sum_inner_outer(void** state) {
  (void)state;
  for (int d = 0; d < 2; d++)
    for (int trial = 0; trial < 60; trial++) {
      int64_t sizes[2] = {random_length(300), random_length(300)};
      Tensor* t = random_tensor(kDtypes[d], sizes, 2);
      bool keepdim = trial % 2;
      check_sum(t, (const bool[]){false, true}, keepdim);
      check_sum(t, (const bool[]){true, false}, keepdim);
      check_sum(t, (const bool[]){true, true}, keepdim);
      Tensor_release(t);
    }
}

/* (a, n, b) reduced along its middle dimension, and along the first and
 * last together. */
static void test_sum_middle(void** state) {
  (void)state;
  for (int d = 0; d < 2; d++)
    for (int trial = 0; trial < 40; trial++) {
      int64_t sizes[3] = {1 + random_length(6), random_length(300), random_length(40)};
      Tensor* t = random_tensor(kDtypes[d], sizes, 3);
      check_sum(t, (const bool[]){false, true, false}, trial % 2);
      check_sum(t, (const bool[]){true, false, true}, false);
      Tensor_release(t);
    }
}

/* Non-contiguous inputs: a transpose (the reduced dimension strided, the
 * kept one contiguous and the reverse) and a slice with step 2 (no
 * dimension contiguous: scalar_inner_sum and scalar_outer_sum). */
static void test_sum_non_contiguous(void** state) {
  (void)state;
  for (int d = 0; d < 2; d++)
    for (int trial = 0; trial < 40; trial++) {
      int64_t sizes[2] = {random_length(300), 1 + random_length(150)};
      Tensor* t = random_tensor(kDtypes[d], sizes, 2);
      Tensor* tt = at_transpose_int(t, 0, 1);
      Tensor* sliced = at_slice_Tensor(t, 1, (OptionalInt){true, 0}, (OptionalInt){true, sizes[1]}, 2);
      assert_non_null(tt);
      assert_non_null(sliced);
      for (int m = 0; m < 3; m++) {
        const bool mask[2] = {m != 1, m != 0};
        check_sum(tt, mask, false);
        check_sum(sliced, mask, false);
      }
      Tensor_release(sliced);
      Tensor_release(tt);
      Tensor_release(t);
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sum_all_lengths),
      cmocka_unit_test(test_sum_inner_outer),
      cmocka_unit_test(test_sum_middle),
      cmocka_unit_test(test_sum_non_contiguous),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
