/*
 * ReduceOpsTrace.c - trace: the sum of a matrix's diagonal, and the
 * backward that scatters the gradient back onto the diagonal.
 *
 * The sum is accumulated in acc_type: double for Float and Double, int64
 * for the integer dtypes, whose trace is a Long tensor (a float trace
 * keeps its dtype).  Bool has no loop ("\"trace\" not implemented for
 * 'Bool'"), checked, as 1.13's AT_DISPATCH does, before the dimensions.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp (trace_cpu,
 * trace_backward_symint)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/safe_numerics.h"

/* PyTorch 1.13: ReduceOps.cpp trace_cpu */
Tensor* at_native_trace_cpu(const Tensor* self) {
  Tensor* result = NULL;
  bool integral = ScalarType_isIntegral(self->dtype, true);
  TRY((result = empty_cpu(IntArrayRef_make(NULL, 0), integral ? ScalarType_Long : self->dtype)) != NULL);
  TORCH_CHECK(self->dtype != ScalarType_Bool && !ScalarType_isQuantized(self->dtype),
              "\"trace\" not implemented for '%s'", ScalarType_name(self->dtype));
  TORCH_CHECK(self->dim == 2, "trace: expected a matrix, but got tensor with dim %lld", (long long)self->dim);
  if (MetaMode_isEnabled()) return result;
  int64_t n = self->sizes[0] < self->sizes[1] ? self->sizes[0] : self->sizes[1];
  int64_t step = (self->strides[0] + self->strides[1]) * (int64_t)Tensor_itemsize(self);
  const char* p = Tensor_data(self);
  if (integral) {
    int64_t sum = 0; /* acc_type: int64, wrapping */
    for (int64_t i = 0; i < n; i++) sum = (int64_t)((uint64_t)sum + (uint64_t)load_int(self->dtype, p + i * step));
    *(int64_t*)Tensor_data(result) = sum;
  } else if (ScalarType_isComplex(self->dtype)) {
    ComplexDouble sum = {0, 0}, v; /* acc_type<complex<float>, false> is complex<double> */
    for (int64_t i = 0; i < n; i++) {
      convert_element(ScalarType_ComplexDouble, (char*)&v, self->dtype, p + i * step);
      sum.real += v.real, sum.imag += v.imag;
    }
    convert_element(self->dtype, Tensor_data(result), ScalarType_ComplexDouble, (const char*)&sum);
  } else {
    double sum = 0; /* acc_type<float, false> is double */
    for (int64_t i = 0; i < n; i++) sum += load_double(self->dtype, p + i * step);
    store_from_double(self->dtype, Tensor_data(result), sum);
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

/* The gradient of trace: zeros of sizes[0] * sizes[1] elements, grad put at
 * every (sizes[1] + 1)-th (the diagonal's flat indices) by index_fill, then
 * viewed as sizes.  NB(minaten): 1.13 fills in place unless grad is a tensor
 * subclass (composite compliance); the out-of-place index_fill it then calls
 * is what a TorchDispatchMode sees in 1.13, and minaten always calls it.
 * PyTorch 1.13: ReduceOps.cpp trace_backward_symint */
Tensor* at_native_trace_backward(const Tensor* grad, IntArrayRef sizes) {
  Tensor *zeros = NULL, *indices = NULL, *filled = NULL, *result = NULL;
  TORCH_CHECK(sizes.size == 2, "expected matrix input");
  int64_t numel = mul_wrap(sizes.data[0], sizes.data[1]); /* SymInt's product, wrapping */
  TRY((zeros = at_zeros(IntArrayRef_make(&numel, 1), (OptionalScalarType){true, grad->dtype}, kNoLayout, kNoDevice,
                        kNoPinMemory)) != NULL);
  Scalar start = Scalar_fromLong(0), end = Scalar_fromLong(zeros->numel);
  Scalar step = Scalar_fromLong(add_wrap(sizes.data[1], 1));
  TRY((indices = at_arange_start_step(start, end, step, (OptionalScalarType){true, ScalarType_Long}, kNoLayout,
                                      kNoDevice, kNoPinMemory)) != NULL);
  TRY((filled = at_index_fill_int_Tensor(zeros, 0, indices, grad)) != NULL);
  result = at_view(filled, sizes);
fail:
  Tensor_release(zeros);
  Tensor_release(indices);
  Tensor_release(filled);
  return result;
}
