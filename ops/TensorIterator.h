/*
 * TensorIterator.h - the one strided loop behind every elementwise operator.
 *
 * Given an output (or none, to allocate one) and two inputs, it
 *   1. computes the common dtype with PyTorch's type promotion (result_type:
 *      dimensioned tensors > 0-dim tensors > wrapped Python numbers, each
 *      group only able to move the result to a higher *category*);
 *   2. broadcasts the shapes (PyTorch's error on a mismatch);
 *   3. allocates the output in the inputs' memory layout (reorder_dimensions),
 *      or checks an in-place output can hold the result type;
 *   4. runs the operation over every element, reading each input in the
 *      computation type (double for floating, int64 for integers and bools),
 *      with a contiguous same-dtype fast path.
 *
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp, ATen/native/TypeProperties.cpp
 * (result_type); type promotion itself is in runtime/ScalarType.h
 */
#ifndef MINATEN_OPS_TENSORITERATOR_H
#define MINATEN_OPS_TENSORITERATOR_H

#include "runtime/Scalar.h"
#include "runtime/ScalarOps.h"
#include "runtime/ScalarType.h"
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
  BinaryOp_Lt,
  BinaryOp_Le,
  BinaryOp_Gt,
  BinaryOp_Ge,
  BinaryOp_Eq,
  BinaryOp_Ne,
} BinaryOp;

/* The broadcast shape of a and b into out (ndim entries), or -1 with
 * PyTorch's "The size of tensor a (3) must match ..." error.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size */
int broadcast_shape(IntArrayRef a, IntArrayRef b, int64_t* out, size_t* ndim);

/* PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp result_type (two tensors) */
ScalarType result_type(const Tensor* a, const Tensor* b);
/* The same over a list of tensors (cat). */
ScalarType result_type_list(TensorList tensors);

/*
 * out = op(a, b).  With out == NULL the result is allocated (returned, new
 * reference); with out set (in-place), the result is written into it and a
 * new reference to it is returned.  NULL with PyTorch's error on failure.
 */
Tensor* binary_op(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha);
/* The same for an out= operator: out is resized to the broadcast shape
 * (resize_output) instead of refused.  Both refuse an output that overlaps
 * itself or partially overlaps an input (MemoryOverlap.h). */
Tensor* binary_op_out(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha);

/*
 * A unary operator given as functions, one per computation type: what a
 * new elementwise operator writes instead of a loop (PyTorch's kernels hand
 * cpu_kernel a lambda inside AT_DISPATCH_*_TYPES; C takes a function per
 * type).  For example, rsqrt (ops/UnaryOps.c):
 *
 *   static float rsqrt_float(float x) { return 1.0f / sqrtf(x); }
 *   static double rsqrt_double(double x) { return 1.0 / sqrt(x); }
 *   static const UnaryKernel rsqrt_kernel = {rsqrt_float, rsqrt_double, NULL};
 *   ... return unary_kernel_op(NULL, self, &rsqrt_kernel);
 *
 * on_int decides the dtype rule: NULL makes the operator PyTorch's
 * unary_float_op (integer and bool inputs compute in the default float type,
 * and an out= tensor may have any dtype the result casts to); an integer
 * function makes it unary_op (the input's dtype is kept, integers computed
 * in int64; its out= kernel calls check_out_same_dtype of ops/Resize.h
 * first, as abs_out does).  In MetaMode the loop is skipped (ops/MetaMode.h).
 * PyTorch 1.13: aten/src/ATen/native/cpu/Loops.h cpu_kernel,
 * TensorIteratorBase::build_borrowing_unary_float_op / build_borrowing_unary_op
 */
typedef struct UnaryKernel {
  float (*on_float)(float);
  double (*on_double)(double);
  int64_t (*on_int)(int64_t); /* integers and bools, or NULL (see above) */
} UnaryKernel;

/* out = k(a): allocated like a (out == NULL, the functional form) or
 * written into out (out == a, the in-place form: never resized).  The out=
 * form resizes out (resize_output).  Both refuse an output that overlaps
 * itself or partially overlaps a, or whose dtype the result cannot be cast
 * to.  Return a new reference, or NULL with PyTorch's error. */
Tensor* unary_kernel_op(Tensor* out, const Tensor* a, const UnaryKernel* k);
Tensor* unary_kernel_op_out(Tensor* out, const Tensor* a, const UnaryKernel* k);

/* The unary operators written before UnaryKernel, with their arithmetic
 * in switches inside TensorIterator.c (inlined, so faster than a call
 * through a pointer for cheap operations such as abs). */
typedef enum UnaryOp {
  UnaryOp_Abs,     /* keeps integer dtypes */
  UnaryOp_Relu,    /* keeps integer dtypes */
  UnaryOp_Exp,     /* these (to Cos) promote integers and bools to the default float */
  UnaryOp_Log,
  UnaryOp_Sqrt,
  UnaryOp_Sigmoid,
  UnaryOp_Tanh,
  UnaryOp_Sin,
  UnaryOp_Cos,
  UnaryOp_Floor, /* these four keep the dtype: integers are copied, bools refused */
  UnaryOp_Ceil,
  UnaryOp_Round, /* half to even */
  UnaryOp_Trunc,
  UnaryOp_Sign,  /* keeps the dtype (bools too): -1, 0 or 1; 0 for a NaN */
} UnaryOp;

/* out = op(a), allocated like a (out == NULL) or written in place into out.
 * PyTorch 1.13: TensorIterator unary_op / unary_float_op */
Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op);
Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op);

/* out = where(condition, a, b): broadcast of the three, dtype of result_type(a, b).
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp where */
Tensor* where_op(const Tensor* condition, const Tensor* a, const Tensor* b);

#endif
