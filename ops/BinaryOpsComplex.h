/*
 * BinaryOpsComplex.h - the binary operators' complex loops (Note [Complex
 * products in 1.13's loops] in BinaryOpsComplex.c).
 */
#ifndef MINATEN_OPS_BINARYOPSCOMPLEX_H
#define MINATEN_OPS_BINARYOPSCOMPLEX_H

#include "ops/BinaryOps.h"

/* 0 when op has a complex loop or compute is not complex; else -1 with
 * 1.13's refusal ("lt_cpu" not implemented for 'ComplexFloat'). */
int binary_op_complex_check(BinaryOp op, ScalarType compute);
/* Runs op over iter (operands out, a, b) in the complex type L->compute. */
void binary_op_complex(TensorIteratorBase* iter, BinaryOp op, const BinaryLoop* L, Scalar alpha);

#endif
