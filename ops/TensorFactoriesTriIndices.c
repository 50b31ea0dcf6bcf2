/*
 * TensorFactoriesTriIndices.c - tril_indices and triu_indices: the
 * coordinates of the lower (upper) triangle of a row x col matrix, a
 * (2, N) tensor of row indices then column indices in row-major order.
 *
 * Both are CPU factories (BackendSelect picks the backend from their
 * options) with the dtype long unless one is given; only Int and Long
 * results are filled (AT_DISPATCH_INDEX_TYPES), any other dtype fails after
 * the result was allocated.
 *
 * Note [Triangle sizes wrap as 1.13's]
 * 1.13 computes N (get_tril_size) and walks the triangle in int64_t (and
 * in the index type) without overflow checks, so extreme offsets
 * (2**63 - 1) give what two's-complement wrapping gives: a huge N that
 * the allocation refuses, a negative one ("Trying to create tensor with
 * negative dimension"), or indices that wrapped.  minaten computes in
 * uint64_t and converts back, which is that wrapping without C's
 * undefined signed overflow.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp tril_indices_cpu,
 * triu_indices_cpu; TensorFactories.h get_tril_size, check_args
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"

/* Two's-complement int64 arithmetic (Note [Triangle sizes wrap as 1.13's]). */
static int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t imin(int64_t a, int64_t b) { return b < a ? b : a; }
static int64_t imax(int64_t a, int64_t b) { return a < b ? b : a; }
/* v >> 1 as an arithmetic shift (what 1.13's compiler does with a negative v) */
static int64_t half_floor(int64_t v) { return v < 0 ? -(int64_t)(((uint64_t)(-(v + 1))) >> 1) - 1 : v >> 1; }

/* The number of elements of the lower triangle at offset: a trapezoid of
 * rows, then a full rectangle under it.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.h get_tril_size */
static int64_t get_tril_size(int64_t row, int64_t col, int64_t offset) {
  if (row == 0 || col == 0) return 0;
  int64_t m_first_row = offset > 0 ? imin(col, wadd(1, offset)) : (int64_t)(wadd(row, offset) > 0);
  int64_t m_last_row = imax(0, imin(col, wadd(row, offset)));
  int64_t n_row_all = imax(0, imin(row, wadd(row, offset)));
  int64_t n_row_trapezoid = wadd(wsub(m_last_row, m_first_row), 1);
  int64_t tril_size = half_floor(wmul(wadd(m_first_row, m_last_row), n_row_trapezoid));
  int64_t diff_row = wsub(n_row_all, n_row_trapezoid);
  if (diff_row > 0) tril_size = wadd(tril_size, wmul(diff_row, col));
  return tril_size;
}

/* The (2, size) result, after 1.13's argument checks; NULL with the error.
 * NB(minaten): BackendSelect sends a non-strided layout elsewhere before
 * the layout check of check_args can run, as in 1.13.
 * PyTorch 1.13: TensorFactories.h check_args, at::native::empty_cpu */
static Tensor* tri_indices_result(int64_t row, int64_t col, int64_t size, OptionalScalarType dtype) {
  TORCH_CHECK(row >= 0, "row must be non-negative, got%lld", (long long)row);
  TORCH_CHECK(col >= 0, "col must be non-negative, got%lld", (long long)col);
  int64_t sizes[2] = {2, size};
  return empty_cpu((IntArrayRef){sizes, 2}, dtype.has_value ? dtype.value : ScalarType_Long);
fail:
  return NULL;
}

/* The index type's own wrapping: Int results keep 32 bits. */
static int64_t as_index(int64_t v, bool is32) { return is32 ? (int64_t)(int32_t)(uint32_t)(uint64_t)v : v; }

static void put_index(char* data, int64_t i, int64_t v, bool is32) {
  if (is32) {
    int32_t x = (int32_t)v;
    memcpy(data + i * 4, &x, 4);
  } else {
    memcpy(data + i * 8, &v, 8);
  }
}

/* 0, or -1 with the AT_DISPATCH_INDEX_TYPES error; then whether the result is Int. */
static int check_index_type(const Tensor* result, const char* name, bool* is32) {
  TORCH_CHECK(result->dtype == ScalarType_Int || result->dtype == ScalarType_Long, "\"%s\" not implemented for '%s'",
              name, ScalarType_name(result->dtype));
  *is32 = result->dtype == ScalarType_Int;
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorFactories.cpp tril_indices_cpu */
Tensor* at_native_tril_indices_cpu(int64_t row, int64_t col, int64_t offset, OptionalScalarType dtype,
                                   OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  (void)layout, (void)device, (void)pin_memory;
  if (row < 0 || col < 0) return tri_indices_result(row, col, 0, dtype);
  int64_t size = get_tril_size(row, col, offset);
  Tensor* result = tri_indices_result(row, col, size, dtype);
  bool is32 = false;
  if (result == NULL || check_index_type(result, "tril_indices", &is32) < 0) goto fail;
  if (MetaMode_isEnabled()) return result;
  char* data = Tensor_data(result);
  int64_t r = as_index(imax(0, wsub(0, offset)), is32), c = 0;
  for (int64_t i = 0; i < size; i++) {
    put_index(data, i, r, is32);
    put_index(data, size + i, c, is32);
    c = as_index(wadd(c, 1), is32); /* the next column, or the next row's first */
    if (c > wadd(r, offset) || c >= col) {
      r = as_index(wadd(r, 1), is32);
      c = 0;
    }
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp triu_indices_cpu */
Tensor* at_native_triu_indices_cpu(int64_t row, int64_t col, int64_t offset, OptionalScalarType dtype,
                                   OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  (void)layout, (void)device, (void)pin_memory;
  if (row < 0 || col < 0) return tri_indices_result(row, col, 0, dtype);
  int64_t size = wsub(wmul(row, col), get_tril_size(row, col, wsub(offset, 1)));
  Tensor* result = tri_indices_result(row, col, size, dtype);
  bool is32 = false;
  if (result == NULL || check_index_type(result, "triu_indices", &is32) < 0) goto fail;
  if (MetaMode_isEnabled()) return result;
  char* data = Tensor_data(result);
  int64_t c = as_index(imax(0, offset), is32), r = 0;
  for (int64_t i = 0; i < size; i++) {
    put_index(data, i, r, is32);
    put_index(data, size + i, c, is32);
    c = as_index(wadd(c, 1), is32); /* the next column, or the next row's first on or right of the diagonal */
    if (c >= col) {
      r = as_index(wadd(r, 1), is32);
      c = as_index(imax(0, wadd(r, offset)), is32);
    }
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}
