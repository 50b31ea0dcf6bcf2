/*
 * test_blas_kernel.c - the blocked gemm of ops/cpu/BlasKernel.c against a
 * naive triple loop, under every CPU capability this machine has (each
 * variant called directly): odd shapes (edge tiles in both directions,
 * more than one KC, MC and NC block, one row, one column, k = 0),
 * transposed and strided operands, a strided C, alpha and beta.
 *
 * The operands hold small multiples of 1/4, so every product and partial
 * sum is exact in float: the result must equal the reference bit for bit,
 * whatever the order of the additions.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ops/cpu/BlasKernel.h"
#include "runtime/CPUCapability.h"

/* How a rows x cols operand lies in memory: row-major or transposed
 * (column-major), each element `step` apart, with `pad` unused elements
 * after each row (column); what lies between elements is a sentinel. */
typedef struct Layout {
  bool transposed;
  int64_t step, pad;
} Layout;

static const Layout kLayouts[] = {{false, 1, 0}, {true, 1, 0}, {false, 2, 3}, {true, 3, 1}};
enum { kNumLayouts = sizeof kLayouts / sizeof kLayouts[0] };
static const double kSentinel = 1234.5;

typedef struct Matrix {
  double* data; /* the elements and the gaps between them */
  int64_t extent, rs, cs;
} Matrix;

static Matrix matrix_make(int64_t rows, int64_t cols, Layout l) {
  Matrix x;
  if (!l.transposed) {
    x.cs = l.step;
    x.rs = cols * l.step + l.pad;
  } else {
    x.rs = l.step;
    x.cs = rows * l.step + l.pad;
  }
  x.extent = rows && cols ? (rows - 1) * x.rs + (cols - 1) * x.cs + 1 : 1;
  x.data = malloc((size_t)x.extent * sizeof(double));
  assert_non_null(x.data);
  for (int64_t i = 0; i < x.extent; i++) x.data[i] = kSentinel;
  return x;
}

/* A small multiple of 1/4 in [-2, 2]. */
static double small_value(void) { return (double)(rand() % 17 - 8) / 4; }

static void run_case(CPUCapability cap, bool is_float, int64_t m, int64_t n, int64_t k, Layout la, Layout lb,
                     Layout lc, double alpha, double beta) {
  Matrix a = matrix_make(m, k, la), b = matrix_make(k, n, lb), c = matrix_make(m, n, lc);
  for (int64_t i = 0; i < m; i++)
    for (int64_t p = 0; p < k; p++) a.data[i * a.rs + p * a.cs] = small_value();
  for (int64_t p = 0; p < k; p++)
    for (int64_t j = 0; j < n; j++) b.data[p * b.rs + j * b.cs] = small_value();
  /* beta == 0: C is not read, so a NaN there must not survive */
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) c.data[i * c.rs + j * c.cs] = beta == 0 ? NAN : small_value();
  double* expected = malloc((size_t)(m * n + 1) * sizeof(double));
  assert_non_null(expected);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double sum = 0;
      for (int64_t p = 0; p < k; p++) sum += a.data[i * a.rs + p * a.cs] * b.data[p * b.rs + j * b.cs];
      double old = c.data[i * c.rs + j * c.cs];
      expected[i * n + j] = alpha * sum + (beta == 0 ? 0 : beta * old);
    }
  double* result = malloc((size_t)c.extent * sizeof(double));
  assert_non_null(result);
  int r;
  if (is_float) {
    float* af = malloc((size_t)a.extent * sizeof(float));
    float* bf = malloc((size_t)b.extent * sizeof(float));
    float* cf = malloc((size_t)c.extent * sizeof(float));
    assert_true(af && bf && cf);
    for (int64_t i = 0; i < a.extent; i++) af[i] = (float)a.data[i];
    for (int64_t i = 0; i < b.extent; i++) bf[i] = (float)b.data[i];
    for (int64_t i = 0; i < c.extent; i++) cf[i] = (float)c.data[i];
    r = cpublas_gemm_float_capability(cap, m, n, k, (float)alpha, af, a.rs, a.cs, bf, b.rs, b.cs, (float)beta, cf,
                                      c.rs, c.cs);
    for (int64_t i = 0; i < c.extent; i++) result[i] = cf[i];
    free(af);
    free(bf);
    free(cf);
  } else {
    memcpy(result, c.data, (size_t)c.extent * sizeof(double));
    r = cpublas_gemm_double_capability(cap, m, n, k, alpha, a.data, a.rs, a.cs, b.data, b.rs, b.cs, beta, result,
                                       c.rs, c.cs);
  }
  assert_int_equal(r, 0);
  /* every element of C as the reference, every gap untouched */
  int64_t checked = 0;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double got = result[i * c.rs + j * c.cs], want = expected[i * n + j];
      if (got != want)
        fail_msg("%s %s %lldx%lldx%lld (A %s, B %s, C %s) alpha %g beta %g: C[%lld][%lld] = %g, expected %g",
                 CPUCapability_name(cap), is_float ? "float" : "double", (long long)m, (long long)n, (long long)k,
                 la.transposed ? "t" : "n", lb.transposed ? "t" : "n", lc.transposed ? "t" : "n", alpha, beta,
                 (long long)i, (long long)j, got, want);
      result[i * c.rs + j * c.cs] = kSentinel;
      checked++;
    }
  for (int64_t i = 0; i < c.extent; i++) assert_true(result[i] == kSentinel);
  assert_int_equal(checked, m * n);
  free(result);
  free(expected);
  free(a.data);
  free(b.data);
  free(c.data);
}

typedef struct Shape {
  int64_t m, n, k;
} Shape;

/* 1x1, odd sizes (edge tiles), products of one block (read in place:
 * Note [Small products in place]), more than one MC (192), KC (384) or NC
 * (4096) block (packed), one row or column (the matrix-vector path), dot,
 * k = 0. */
static const Shape kShapes[] = {{1, 1, 1},    {7, 13, 5},  {65, 129, 33}, {12, 32, 20}, {200, 17, 9},
                                {20, 30, 400}, {2, 4100, 3}, {37, 1, 70},  {1, 45, 70},  {1, 1, 100}, {5, 6, 0}};

static void check_all(bool is_float) {
  static const double kAlphaBeta[][2] = {{1, 0}, {0.5, 2}, {-1, 1}};
  srand(19);
  for (int cap = CPUCapability_DEFAULT; cap <= (int)CPUCapability_hardware(); cap++) {
    for (size_t s = 0; s < sizeof kShapes / sizeof kShapes[0]; s++) {
      Shape sh = kShapes[s];
      bool big = sh.m * sh.n * sh.k > 20000;
      for (int ia = 0; ia < kNumLayouts; ia++)
        for (int ib = 0; ib < kNumLayouts; ib++)
          for (int ic = 0; ic < 2; ic++)
            for (size_t ab = 0; ab < 3; ab++) {
              if (big && (ia + ib + ic) % 2 == 1 && ab != 1) continue; /* fewer big ones */
              run_case((CPUCapability)cap, is_float, sh.m, sh.n, sh.k, kLayouts[ia], kLayouts[ib],
                       kLayouts[ic == 0 ? 0 : 3], kAlphaBeta[ab][0], kAlphaBeta[ab][1]);
            }
    }
    print_message("gemm %s: %s checked\n", is_float ? "float" : "double", CPUCapability_name((CPUCapability)cap));
  }
}

static void test_gemm_float(void** state) {
  (void)state;
  check_all(true);
}

static void test_gemm_double(void** state) {
  (void)state;
  check_all(false);
}

/* alpha == 0: A and B are not read (a NaN there does not reach C), C = beta * C. */
static void test_alpha_zero(void** state) {
  (void)state;
  for (int cap = CPUCapability_DEFAULT; cap <= (int)CPUCapability_hardware(); cap++) {
    float a[6] = {NAN, 1, 2, 3, 4, 5}, b[6] = {1, 2, 3, 4, 5, NAN}, c[4] = {1, 2, 3, 4};
    assert_int_equal(cpublas_gemm_float_capability((CPUCapability)cap, 2, 2, 3, 0.0f, a, 3, 1, b, 2, 1, 3.0f, c, 2, 1),
                     0);
    assert_true(c[0] == 3 && c[1] == 6 && c[2] == 9 && c[3] == 12);
    double cd[4] = {NAN, 2, 3, 4}, ad[6] = {0}, bd[6] = {0};
    assert_int_equal(
        cpublas_gemm_double_capability((CPUCapability)cap, 2, 2, 3, 0.0, ad, 3, 1, bd, 2, 1, 0.0, cd, 2, 1), 0);
    assert_true(cd[0] == 0 && cd[1] == 0 && cd[2] == 0 && cd[3] == 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gemm_float),
      cmocka_unit_test(test_gemm_double),
      cmocka_unit_test(test_alpha_zero),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
