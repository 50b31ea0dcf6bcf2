/*
 * VecLoops.c - the choice of the vector loops' table; see Note [CPU
 * capability dispatch] in ops/cpu/VecLoops.h.
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.{h,cpp} (DispatchStub,
 * DispatchStubImpl::choose_cpu_impl)
 */
#include "ops/cpu/VecLoops.h"

#include <stddef.h>

/* One per copy of ops/cpu/VecLoopsKernel.c. */
extern const VecLoops VecLoops_DEFAULT;
#if defined(__x86_64__)
extern const VecLoops VecLoops_AVX2;
extern const VecLoops VecLoops_AVX512;
#endif

const VecLoops* VecLoops_forCapability(CPUCapability c) {
  switch (c) {
#if defined(__x86_64__)
    case CPUCapability_AVX512: return &VecLoops_AVX512;
    case CPUCapability_AVX2: return &VecLoops_AVX2;
#else
    case CPUCapability_AVX512:
    case CPUCapability_AVX2: return NULL;
#endif
    case CPUCapability_DEFAULT: break;
  }
  return &VecLoops_DEFAULT;
}

/* The table picked at the first call, as DispatchStub caches its pointer.
 * Two threads racing here store the same pointer: no lock. */
static const VecLoops* chosen;

/* PyTorch 1.13: DispatchStub.cpp DispatchStubImpl::get_call_ptr / choose_cpu_impl */
const VecLoops* VecLoops_get(void) {
  if (chosen == NULL) {
    const VecLoops* table = VecLoops_forCapability(CPUCapability_get());
    chosen = table != NULL ? table : &VecLoops_DEFAULT;
  }
  return chosen;
}
