/*
 * RangeFactories.h - the stub of linspace's loop, which ops/RangeFactories.c
 * calls on a contiguous 1-D output and each copy of
 * ops/cpu/RangeFactoriesKernel.c fills (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * PyTorch 1.13: aten/src/ATen/native/RangeFactories.h (linspace_stub)
 */
#ifndef MINATEN_OPS_RANGEFACTORIES_H
#define MINATEN_OPS_RANGEFACTORIES_H

#include <stdint.h>

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

/* Fills r (contiguous, 1-D, steps >= 2 elements, of a dtype neither Bool nor
 * quantized) with linspace's values.  start and end are Scalar::to<scalar_t>
 * of the bounds, already checked, held in a double (exact for every dtype:
 * 1.13's kernel reads the integer bounds as doubles too).
 * PyTorch 1.13: native/RangeFactories.h linspace_fn (a TensorIterator there) */
typedef void (*linspace_fn)(Tensor* r, double start, double end, int64_t steps);
DECLARE_DISPATCH(linspace_fn, linspace_stub);

#endif
