/*
 * BackendSelect.c - the generic BackendSelect kernel; see BackendSelect.h.
 * PyTorch 1.13: torchgen/gen_backend_select.py, c10/core/TensorOptions.h computeDispatchKey
 */
#include "dispatch/BackendSelect.h"

#include "dispatch/Dispatcher.h"

/* PyTorch 1.13: c10/core/TensorOptions.h computeDispatchKey */
static DispatchKey compute_dispatch_key(const IValue* dtype, const IValue* device) {
  if (device != NULL && device->tag == IValueTag_Device && device->u.device.type == DeviceType_Lazy)
    return DispatchKey_Lazy;
  if (dtype != NULL && dtype->tag == IValueTag_ScalarType && ScalarType_isQuantized(dtype->u.scalar_type))
    return DispatchKey_QuantizedCPU;
  return DispatchKey_CPU;
}

int BackendSelect_boxedKernel(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  const IValue* dtype = op->dtype_arg_index >= 0 ? &args[op->dtype_arg_index] : NULL;
  const IValue* device = op->device_arg_index >= 0 ? &args[op->device_arg_index] : NULL;
  /* As the generated PyTorch kernels do, redispatch on the backend key alone. */
  return Dispatcher_redispatchBoxed(op, DispatchKeySet_of(compute_dispatch_key(dtype, device)),
                                    args, rets);
}
