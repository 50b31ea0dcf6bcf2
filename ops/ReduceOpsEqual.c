/*
 * ReduceOpsEqual.c - equal: whether two tensors have the same sizes and
 * elements (a Python bool).  The elements are compared in the two dtypes'
 * promoted type, as TensorIterator's promote_inputs_to_common_dtype
 * converts them (a Long 16777217 is a Float 16777216 beside a float), with
 * C's ==: a NaN equals nothing, -0.0 equals 0.0.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp cpu_equal
 */
#include <stdbool.h>

#include "NativeFunctions.h"
#include "ops/TensorIterator.h"
#include "runtime/TypeCast.h"

/* An element as the common dtype holds it: a float or double value (as a
 * double), or an integer one (bool: 0 or 1), cut to the dtype's width. */
static void load_as(ScalarType common, ScalarType t, const char* p, double* f, int64_t* i) {
  if (common == ScalarType_Float) *f = (double)(float)load_double(t, p);
  else if (common == ScalarType_Double) *f = load_double(t, p);
  else if (common == ScalarType_Bool) *i = load_int(t, p) != 0;
  else {
    char buf[MINATEN_MAX_ELEMENT_SIZE];
    store_from_int64(common, buf, load_int(t, p)); /* the conversion to the common integer type */
    *i = load_int(common, buf);
  }
}

typedef struct EqualLoop {
  ScalarType common, types[2];
  bool equal;
} EqualLoop;

/* data = {self, other}: clears L->equal at the first pair that differs. */
static void equal_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  EqualLoop* L = ctx;
  for (int64_t j = 0; j < size1 && L->equal; j++)
    for (int64_t k = 0; k < size0 && L->equal; k++) {
      double fa = 0, fb = 0;
      int64_t ia = 0, ib = 0;
      load_as(L->common, L->types[0], data[0] + j * strides[2] + k * strides[0], &fa, &ia);
      load_as(L->common, L->types[1], data[1] + j * strides[3] + k * strides[1], &fb, &ib);
      L->equal = fa == fb && ia == ib;
    }
}

/* PyTorch 1.13: ReduceOps.cpp cpu_equal */
bool at_native_cpu_equal(const Tensor* self, const Tensor* other) {
  if (self->dim != other->dim) return false;
  for (int64_t d = 0; d < self->dim; d++)
    if (self->sizes[d] != other->sizes[d]) return false;
  EqualLoop L = {promoteTypes(self->dtype, other->dtype), {self->dtype, other->dtype}, true};
  int64_t strides[2][MINATEN_MAX_DIM];
  for (int64_t d = 0; d < self->dim; d++) {
    strides[0][d] = self->strides[d] * (int64_t)Tensor_itemsize(self);
    strides[1][d] = other->strides[d] * (int64_t)Tensor_itemsize(other);
  }
  char* data[2] = {Tensor_data(self), Tensor_data(other)};
  const int64_t* stride_ptrs[2] = {strides[0], strides[1]};
  TensorIteratorBase iter;
  TensorIterator_initStrided(&iter, data, stride_ptrs, 2, self->sizes, self->dim);
  TensorIterator_serial_for_each(&iter, equal_loop2d, &L, 0, iter.numel);
  return L.equal;
}
