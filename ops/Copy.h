/*
 * Copy.h - element copies and conversions shared by copy_, fill_ and factories.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp, c10/util/TypeCast.h
 */
#ifndef MINATEN_OPS_COPY_H
#define MINATEN_OPS_COPY_H

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/* Writes one value of dtype t at p, converting as PyTorch's casts do. */
void store_from_double(ScalarType t, char* p, double v);
void store_scalar(ScalarType t, char* p, Scalar s);
/* store_scalar with Scalar::to<T>'s overflow check: -1 and PyTorch's
 * "value cannot be converted to type uint8_t without overflow". */
int store_scalar_checked(ScalarType t, char* p, Scalar s);

/* copy_'s work without its early exits: checks, broadcast, convert, copy.
 * Returns 0 or -1 with the error set. */
int copy_into(Tensor* self, const Tensor* src);

/* Converts one element of dtype st at src into dtype dt at dst. */
void convert_element(ScalarType dt, char* dst, ScalarType st, const char* src);

#endif
