/*
 * TypeProperties.h - the dtype an operation of several tensors computes in.
 *
 * result_type ranks its operands in three groups: dimensioned tensors, 0-dim
 * tensors, and wrapped Python numbers (runtime/ScalarOps.h).  Within a group
 * the dtypes promote (promoteTypes, runtime/ScalarType.h); a lower group
 * only moves the result to a higher *category* (bool < integer < floating):
 * `uint8_tensor + 300` stays uint8, `int_tensor + 0.5` becomes float, and a
 * Python float counts as the default dtype, not double.
 *
 * PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp
 */
#ifndef MINATEN_OPS_TYPEPROPERTIES_H
#define MINATEN_OPS_TYPEPROPERTIES_H

#include "runtime/ScalarType.h"
#include "runtime/TensorImpl.h"

/* PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp result_type (two tensors) */
ScalarType result_type(const Tensor* a, const Tensor* b);
/* The same over a list of tensors (cat).
 * PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp result_type (ITensorListRef) */
ScalarType result_type_list(TensorList tensors);

#endif
