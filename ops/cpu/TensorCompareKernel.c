/*
 * TensorCompareKernel.c - where's vector loop over contiguous floats,
 * compiled once per CPU capability and registered into where_float_stub
 * (Note [CPU capability dispatch] in ops/DispatchStub.h); ops/TensorCompare.c
 * calls it for float operands that are all contiguous and of the result's
 * shape, and walks every other where with TensorIterator.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/TensorCompareKernel.cpp (where_kernel_impl)
 */
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/cpu/TensorCompareKernel.h"
#include "ops/cpu/vec.h"

/* cond's kLanes bytes at p as a mask (nonzero: all ones). */
static inline ivec load_condition(const uint8_t* p, int64_t m) {
  uint8_t bytes[kLanes] = {0};
  memcpy(bytes, p, (size_t)m);
  bvec b;
  memcpy(&b, bytes, sizeof b);
  return __builtin_convertvector(b, ivec) != 0;
}

/* PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl */
static void where_float(float* o, const uint8_t* cond, const float* a, const float* b, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(o + i, where(load_condition(cond + i, kLanes), load(a + i), load(b + i)));
  if (i < n) {
    int64_t m = n - i;
    store_partial(o + i, where(load_condition(cond + i, m), load_partial(a + i, m), load_partial(b + i, m)), m);
  }
}

REGISTER_DISPATCH(where_float_fn, where_float_stub, where_float);
