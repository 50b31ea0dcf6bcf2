/*
 * DefaultDtype.h - the process-wide default floating dtype: what
 * torch.tensor(1.5), torch.ones(2) and an integer tensor's true division
 * give, and what a Python float counts as in type promotion.
 *
 * One plain global, float32 at start, read on hot paths (every factory
 * without a dtype, every result_type with a wrapped float): no lock, no
 * allocation.  As in 1.13 it is not thread-local: torch.set_default_dtype
 * in one thread changes it for all.  The check that it is floating is the
 * Python binding's (csrc/Module.c _set_default_dtype, 1.13's TypeError);
 * here a non-floating dtype is a bug in minaten.
 *
 * NB(minaten): 1.13 holds a caffe2::TypeMeta and caches its ScalarType;
 * minaten has no TypeMeta, so get_default_dtype returns the ScalarType and
 * get_default_dtype_as_scalartype is the same.  1.13 also keeps a default
 * complex dtype beside it (get_default_complex_dtype, complex64 or
 * complex128 following this one); minaten has no complex dtypes, so none.
 *
 * PyTorch 1.13: c10/core/DefaultDtype.h
 */
#ifndef MINATEN_RUNTIME_DEFAULTDTYPE_H
#define MINATEN_RUNTIME_DEFAULTDTYPE_H

#include "runtime/ScalarType.h"

/* Sets the default dtype; dtype must be floating (asserted).
 * PyTorch 1.13: c10/core/DefaultDtype.cpp c10::set_default_dtype */
void set_default_dtype(ScalarType dtype);
/* The default dtype: float32 until set_default_dtype.
 * PyTorch 1.13: c10/core/DefaultDtype.cpp c10::get_default_dtype */
ScalarType get_default_dtype(void);
/* PyTorch 1.13: c10/core/DefaultDtype.cpp c10::get_default_dtype_as_scalartype */
static inline ScalarType get_default_dtype_as_scalartype(void) { return get_default_dtype(); }

#endif
