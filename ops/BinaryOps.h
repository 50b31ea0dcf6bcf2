/*
 * BinaryOps.h - the binary elementwise operation the operators of
 * BinaryOps.c, Pow.c and TensorCompare.c (clamp) call with an operation
 * tag, and the stubs its CPU kernels fill.
 *
 * binary_op (ops/BinaryOps.c) computes the result type of its two operands
 * (result_type: dimensioned tensors > 0-dim tensors > wrapped Python
 * numbers), broadcasts them, makes or checks the output (TensorIterator.h),
 * and calls the operation's stub (add_stub, mul_stub, ...) on the
 * iterator.  Each copy of ops/cpu/BinaryOpsKernel.c (one per CPU
 * capability) registers one named kernel per stub (add_kernel, ...), which
 * reads each input in the computation type (float, double, or int64 for
 * integers and bools), with vector loops for float rows of unit stride.
 *
 * PyTorch 1.13: aten/src/ATen/native/BinaryOps.h (the stubs the kernels of
 * native/cpu/BinaryOpsKernel.cpp fill), TensorIterator.cpp build_borrowing_binary_op
 */
#ifndef MINATEN_OPS_BINARYOPS_H
#define MINATEN_OPS_BINARYOPS_H

#include <stdbool.h>

#include <stdatomic.h>

#include "ops/DispatchStub.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

typedef enum BinaryOp {
  BinaryOp_Add, /* a + alpha * b */
  BinaryOp_Sub, /* a - alpha * b */
  BinaryOp_Mul,
  BinaryOp_Div, /* true division: integers compute in the default float type */
  BinaryOp_Pow, /* integers: exact powers (negative exponents give 0 unless |base| is 1) */
  BinaryOp_Max, /* a < b ? b : a (a NaN in a stays): clamp's lower bound */
  BinaryOp_Min, /* a > b ? b : a: clamp's upper bound */
  BinaryOp_DivTrunc, /* div(rounding_mode='trunc'): in the common dtype; integers refuse a zero divisor */
  BinaryOp_DivFloor, /* div(rounding_mode='floor') */
  BinaryOp_Maximum, /* maximum/minimum: a NaN in either gives NaN */
  BinaryOp_Minimum,
  BinaryOp_Remainder, /* Python's %: the result takes the divisor's sign; integers refuse a zero divisor */
  BinaryOp_SigmoidBackward, /* a * (1 - b) * b (a the gradient, b sigmoid's output); floating types only */
  BinaryOp_TanhBackward,    /* a * (1 - b * b) (b tanh's output); floating types only */
  BinaryOp_ThresholdBackward, /* a <= alpha ? 0 : b (a relu's input, b the gradient, alpha the threshold) */
  BinaryOp_Fmod, /* C's fmod: the result takes the dividend's sign; integers refuse a zero divisor */
  BinaryOp_Atan2, /* atan2(a, b): integers and bools compute in the default float type */
  BinaryOp_BitwiseAnd, /* integers and bools only ("bitwise_and_cpu" not implemented for 'Float') */
  BinaryOp_BitwiseOr,
  BinaryOp_BitwiseXor,
  BinaryOp_Lshift, /* integers only; the count taken modulo the promoted width (Note [Shift counts]) */
  BinaryOp_Rshift, /* arithmetic for signed types, logical for uint8 */
  BinaryOp_Lt,
  BinaryOp_Le,
  BinaryOp_Gt,
  BinaryOp_Ge,
  BinaryOp_Eq,
  BinaryOp_Ne,
  BinaryOp_LogicalAnd, /* a != 0 && b != 0, a bool (0/1 in an in-place or out= dtype) */
  BinaryOp_LogicalOr,
  BinaryOp_LogicalXor, /* (a != 0) != (b != 0) */
} BinaryOp;

/* Whether op's result is a bool (a comparison or logical_and/or/xor). */
static inline bool BinaryOp_isComparison(BinaryOp op) { return op >= BinaryOp_Lt; }

/* What a binary kernel needs besides its iterator (operands: out, a, b). */
typedef struct BinaryLoop {
  ScalarType compute;         /* the type the operation runs in */
  ScalarType out_type;
  ScalarType a_type, b_type;
  double alpha_d;             /* add's alpha (negated for sub); threshold_backward's threshold */
  int64_t alpha_i;
  atomic_bool* zero_division; /* set by an integer division by zero; the loops stop there */
} BinaryLoop;

/* PyTorch 1.13: native/BinaryOps.h structured_binary_fn_alpha, structured_binary_fn */
typedef void (*binary_fn)(TensorIteratorBase* iter, const BinaryLoop* L);
DECLARE_DISPATCH(binary_fn, add_stub); /* add and sub (alpha negated), as 1.13's sub_out calls add_stub */
DECLARE_DISPATCH(binary_fn, mul_stub);
DECLARE_DISPATCH(binary_fn, div_true_stub);
DECLARE_DISPATCH(binary_fn, pow_tensor_tensor_stub);
DECLARE_DISPATCH(binary_fn, max_elementwise_stub); /* clamp's lower bound */
DECLARE_DISPATCH(binary_fn, min_elementwise_stub);
DECLARE_DISPATCH(binary_fn, div_trunc_stub);
DECLARE_DISPATCH(binary_fn, div_floor_stub);
DECLARE_DISPATCH(binary_fn, maximum_stub);
DECLARE_DISPATCH(binary_fn, minimum_stub);
DECLARE_DISPATCH(binary_fn, remainder_stub);
DECLARE_DISPATCH(binary_fn, fmod_stub);
DECLARE_DISPATCH(binary_fn, atan2_stub);
DECLARE_DISPATCH(binary_fn, sigmoid_backward_stub);
DECLARE_DISPATCH(binary_fn, tanh_backward_stub);
DECLARE_DISPATCH(binary_fn, threshold_stub);
DECLARE_DISPATCH(binary_fn, lt_stub);
DECLARE_DISPATCH(binary_fn, le_stub);
DECLARE_DISPATCH(binary_fn, gt_stub);
DECLARE_DISPATCH(binary_fn, ge_stub);
DECLARE_DISPATCH(binary_fn, eq_stub);
DECLARE_DISPATCH(binary_fn, ne_stub);
DECLARE_DISPATCH(binary_fn, logical_and_stub);
DECLARE_DISPATCH(binary_fn, logical_or_stub);
DECLARE_DISPATCH(binary_fn, logical_xor_stub);
DECLARE_DISPATCH(binary_fn, bitwise_and_stub);
DECLARE_DISPATCH(binary_fn, bitwise_or_stub);
DECLARE_DISPATCH(binary_fn, bitwise_xor_stub);
DECLARE_DISPATCH(binary_fn, lshift_stub);
DECLARE_DISPATCH(binary_fn, rshift_stub);

/* The stub op runs on (sub's is add_stub). */
DispatchStub* binary_stub(BinaryOp op);

/* The structured halves of a binary operator (Note [Structured kernels]
 * in ops/Structured.h): the meta function builds op->iter over a and b
 * (into StructuredOp_maybeGetOutput(op, 0)) and checks them; the impl
 * runs the stub over it.  0, or -1 with the error indicator set. */
int binary_op_meta(StructuredOp* op, const Tensor* a, const Tensor* b, BinaryOp bop, Scalar alpha);
int binary_op_run(StructuredOp* op, BinaryOp bop, Scalar alpha);

/*
 * out = op(a, b).  With out == NULL the result is allocated (returned, new
 * reference); with out set (in-place), the result is written into it and a
 * new reference to it is returned.  NULL with PyTorch's error on failure.
 * In MetaMode the loop is skipped (ops/MetaMode.h).
 */
Tensor* binary_op(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha);
/* The same for an out= operator: out is resized to the broadcast shape
 * (resize_output) instead of refused.  Both refuse an output that overlaps
 * itself or partially overlaps an input (MemoryOverlap.h). */
Tensor* binary_op_out(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha);

/* binary_op (binary_op_out when resize_out) of a and the Python number b,
 * wrapped as PyTorch's Scalar overloads wrap it (wrapped_scalar_tensor:
 * it does not widen the result type), with alpha 1. */
Tensor* binary_op_scalar(Tensor* out, bool resize_out, const Tensor* a, Scalar b, BinaryOp op);

#endif
