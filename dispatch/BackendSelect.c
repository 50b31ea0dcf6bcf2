/*
 * BackendSelect.c - the generic BackendSelect kernel; see BackendSelect.h.
 * PyTorch 1.13: torchgen/gen_backend_select.py, c10/core/TensorOptions.h computeDispatchKey
 */
#include "dispatch/BackendSelect.h"

#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"

/* PyTorch 1.13: c10/core/TensorOptions.h computeDispatchKey */
static DispatchKey compute_dispatch_key(const IValue* dtype, const IValue* device) {
  if (device != NULL && device->tag == IValueTag_Device && device->u.device.type == DeviceType_Lazy)
    return DispatchKey_Lazy;
  if (device != NULL && device->tag == IValueTag_Device && device->u.device.type == DeviceType_Meta)
    return DispatchKey_Meta;
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
  /* As torchgen's kernels: the options' key | multi_dispatch_key_set(tensor
   * arguments), then computeDispatchKeySet(set, FULL_AFTER BackendSelect). */
  DispatchKeySet set = DispatchKeySet_of(compute_dispatch_key(dtype, device));
  for (int i = 0; i < op->num_tensor_args; i++) {
    const IValue* v = &args[op->tensor_arg_index[i]];
    if (v->tag == IValueTag_Tensor && v->u.tensor != NULL) set = DispatchKeySet_or(set, v->u.tensor->key_set);
  }
  LocalDispatchKeySet tls = tls_local_dispatch_key_set_get();
  set = DispatchKeySet_remove(DispatchKeySet_or(set, tls.included), tls.excluded);
  set = DispatchKeySet_and(set, DispatchKeySet_fullAfter(DispatchKey_BackendSelect));
  return Dispatcher_redispatchBoxed(op, set, args, rets);
}
