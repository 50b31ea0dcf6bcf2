/*
 * Scalar.c - _local_scalar_dense: a tensor's first element as a Scalar.
 *
 * Every read of a tensor as a Python number goes through it: `t.item()`,
 * `int(t)`, `float(t)`, a 0-dim integer tensor used as an index (`a[i]`
 * reads i first, then selects), a 0-dim tensor passed where an operator
 * wants a number.  So it shows in the trace before the operator that uses
 * the number.  It reads the first element whatever the numel (the
 * one-element checks are the callers': item()'s "a Tensor with 2 elements
 * cannot be converted to Scalar", Python's "only one element tensors ...").
 * The Scalar is a double for floating dtypes, a bool for bool, an int
 * otherwise.  A quantized dtype has no case here: a quantized tensor's
 * item() dequantizes it first, and a CPU tensor viewed as quint8 is refused.
 *
 * PyTorch 1.13: aten/src/ATen/native/Scalar.cpp
 */
#include "NativeFunctions.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: aten/src/ATen/native/Scalar.cpp at::native::_local_scalar_dense_cpu */
Scalar at_native__local_scalar_dense_cpu(const Tensor* self) {
  Scalar r = Scalar_fromLong(0);
  /* the dtype switch has no case for a quantized dtype (a quantized tensor's
   * item() dequantizes first; a CPU tensor viewed as quint8 reaches here) */
  TORCH_CHECK(!ScalarType_isQuantized(self->dtype), "\"_local_scalar_dense_cpu\" not implemented for '%s'",
              ScalarType_name(self->dtype));
  if (self->numel == 0) {
    /* NB(minaten): 1.13 reads an empty tensor's missing element (a segfault) */
    Error_set(ErrorType_RuntimeError, "minaten: _local_scalar_dense of a tensor with no elements");
    return r;
  }
  const char* p = Tensor_data(self);
  if (self->dtype == ScalarType_ComplexFloat)
    return Scalar_fromComplex(((const ComplexFloat*)p)->real, ((const ComplexFloat*)p)->imag);
  if (self->dtype == ScalarType_ComplexDouble)
    return Scalar_fromComplex(((const ComplexDouble*)p)->real, ((const ComplexDouble*)p)->imag);
  if (ScalarType_isFloating(self->dtype)) return Scalar_fromDouble(load_double(self->dtype, p));
  if (self->dtype == ScalarType_Bool) return Scalar_fromBool(load_int(self->dtype, p) != 0);
  return Scalar_fromLong(load_int(self->dtype, p));
fail:
  return r;
}
