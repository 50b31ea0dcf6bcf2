/*
 * VecLoops.c - the vector loops' stub; see ops/cpu/VecLoops.h.
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.h (DEFINE_DISPATCH)
 */
#include "ops/cpu/VecLoops.h"

DEFINE_DISPATCH(vec_loops_stub);

const VecLoops* VecLoops_forCapability(CPUCapability c) {
  return ((vec_loops_fn)DispatchStub_forCapability(&vec_loops_stub, c))();
}

const VecLoops* VecLoops_get(void) { return ((vec_loops_fn)DispatchStub_get(&vec_loops_stub))(); }
