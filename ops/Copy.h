/*
 * Copy.h - element copies and conversions shared by copy_, fill_ and factories.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp, c10/util/TypeCast.h
 */
#ifndef MINATEN_OPS_COPY_H
#define MINATEN_OPS_COPY_H

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/* Writes one value of dtype t (not quantized) at p, converting as PyTorch's
 * C++ casts do on x86-64 (see "element conversion" in Copy.c: a float out
 * of an integer type's range gives what cvttsd2si gives, never UB). */
void store_from_double(ScalarType t, char* p, double v);
void store_scalar(ScalarType t, char* p, Scalar s);
/* store_scalar with Scalar::to<T>'s overflow check: 0, or -1 and PyTorch's
 * "value cannot be converted to type uint8_t without overflow".
 * PyTorch 1.13: c10/util/TypeCast.h checked_convert */
int store_scalar_checked(ScalarType t, char* p, Scalar s);

/* copy_'s work after its early exits and quantized branches: the overlap
 * checks, broadcasting src to self's shape, conversion and the loop, for
 * tensors of one device (CPU).  Returns 0 or -1 with PyTorch's error set.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl (from the TensorIterator on) */
int copy_into(Tensor* self, const Tensor* src);

/* Converts one element of dtype st at src into dtype dt at dst (neither
 * quantized), as copy_ does. */
void convert_element(ScalarType dt, char* dst, ScalarType st, const char* src);

#endif
