/*
 * DispatchStub.c - picking a stub's copy; see Note [CPU capability
 * dispatch] in ops/DispatchStub.h.
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.cpp
 */
#include "ops/DispatchStub.h"

#include <stddef.h>

DispatchStubFn DispatchStub_forCapability(const DispatchStub* stub, CPUCapability c) {
  return *stub->registered[c];
}

/* PyTorch 1.13: DispatchStub.cpp DispatchStubImpl::choose_cpu_impl */
DispatchStubFn DispatchStub_choose(DispatchStub* stub) {
  CPUCapability c = stub->follows_hardware ? CPUCapability_hardware() : CPUCapability_get();
  DispatchStubFn fn = DispatchStub_forCapability(stub, c);
  atomic_store_explicit(&stub->cpu_dispatch_ptr, fn, memory_order_relaxed);
  return fn;
}
