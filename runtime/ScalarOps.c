/*
 * ScalarOps.c - wrapped numbers (see ScalarOps.h).
 * PyTorch 1.13: aten/src/ATen/ScalarOps.cpp, ScalarOps.h
 */
#include "runtime/ScalarOps.h"

#include "runtime/Storage.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: aten/src/ATen/ScalarOps.h wrapped_scalar_tensor */
Tensor* wrapped_scalar_tensor(Scalar s) {
  ScalarType t = s.tag == ScalarTag_Double          ? ScalarType_Double
                 : s.tag == ScalarTag_Bool          ? ScalarType_Bool
                 : s.tag == ScalarTag_ComplexDouble ? ScalarType_ComplexDouble
                                                    : ScalarType_Long;
  Storage* storage = Storage_new(ScalarType_elementSize(t));
  if (storage == NULL) return NULL;
  Tensor* r = Tensor_new(storage, 0, IntArrayRef_make(NULL, 0), IntArrayRef_make(NULL, 0), t, Device_cpu(), DispatchKey_CPU);
  Storage_release(storage);
  if (r == NULL) return NULL;
  store_scalar(t, Tensor_data(r), s);
  r->is_wrapped_number = true;
  return r;
}
