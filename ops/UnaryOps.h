/*
 * UnaryOps.h - the unary elementwise loop the operators of UnaryOps.c call.
 *
 * Two ways to give it the operation: a UnaryKernel (one function per
 * computation type, what a new operator writes), or a UnaryOp tag for the
 * operators whose arithmetic sits in switches of the loop's file
 * (ops/cpu/UnaryOpsKernel.c).  Either way the loop makes or checks the
 * output (TensorIterator.h) and reads each element in the computation type.
 *
 * PyTorch 1.13: aten/src/ATen/native/UnaryOps.h (the stubs the kernels of
 * native/cpu/UnaryOpsKernel.cpp fill), TensorIterator.cpp
 * build_borrowing_unary_op / build_borrowing_unary_float_op
 */
#ifndef MINATEN_OPS_UNARYOPS_H
#define MINATEN_OPS_UNARYOPS_H

#include <stdint.h>

#include "ops/DispatchStub.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "runtime/TensorImpl.h"

/*
 * A unary operator given as functions, one per computation type: what a
 * new elementwise operator writes instead of a loop (PyTorch's kernels hand
 * cpu_kernel a lambda inside AT_DISPATCH_*_TYPES; C takes a function per
 * type).  For example, rsqrt (ops/UnaryOps.c):
 *
 *   static float rsqrt_float(float x) { return 1.0f / sqrtf(x); }
 *   static double rsqrt_double(double x) { return 1.0 / sqrt(x); }
 *   static const UnaryKernel rsqrt_kernel = {rsqrt_float, rsqrt_double, NULL, "rsqrt_cpu"};
 *   int at_meta_rsqrt(StructuredOp* op, const Tensor* self) {
 *     return unary_kernel_meta(op, self, &rsqrt_kernel);
 *   }
 *   int at_impl_rsqrt_out(StructuredOp* op, const Tensor* self, Tensor* out) {
 *     return unary_kernel_run(op, &rsqrt_kernel);
 *   }
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
  /* Half computes with on_float and rounds once, unless 1.13's kernel has
   * no Half: then its AT_DISPATCH name ("rsqrt_cpu"), for the error. */
  const char* no_half_name;
} UnaryKernel;

/* out = k(a): allocated like a (out == NULL, the functional form) or
 * written into out (out == a, the in-place form: never resized).  The out=
 * form resizes out (resize_output).  Both refuse an output that overlaps
 * itself or partially overlaps a, or whose dtype the result cannot be cast
 * to.  Return a new reference, or NULL with PyTorch's error. */
Tensor* unary_kernel_op(Tensor* out, const Tensor* a, const UnaryKernel* k);
Tensor* unary_kernel_op_out(Tensor* out, const Tensor* a, const UnaryKernel* k);

/* The same as a structured operator's halves (Note [Structured kernels] in
 * ops/Structured.h): the meta function builds op->iter over a (into
 * StructuredOp_maybeGetOutput(op, 0)) and checks the dtype; the impl runs
 * k's loop over it.  0, or -1 with the error indicator set. */
int unary_kernel_meta(StructuredOp* op, const Tensor* a, const UnaryKernel* k);
int unary_kernel_run(StructuredOp* op, const UnaryKernel* k);

/* The unary operators written before UnaryKernel, with their arithmetic
 * in switches inside ops/cpu/UnaryOpsKernel.c (inlined, so faster than a call
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
  UnaryOp_Neg,   /* keeps the dtype: integers wrap; bools are refused by neg itself */
  UnaryOp_BitwiseNot, /* keeps the dtype: ~x for integers, !x for bools; floats refused */
  UnaryOp_LogicalNot, /* x == 0, into any output dtype (a bool by default); any input dtype */
  UnaryOp_Log1p, /* these five promote integers and bools to the default float: 1.13's vml kernels */
  UnaryOp_Expm1,
  UnaryOp_Erf,
  UnaryOp_Erfc,
  UnaryOp_Erfinv,
  UnaryOp_Angle, /* promotes integers and bools to the default float; complex -> real (UnaryOps.c) */
  UnaryOp_Sgn,   /* complex only: z / |z| (sgn of a real dtype is sign) */
  UnaryOp_Sinh,  /* these two promote integers and bools to the default float: cpu_kernel_vec as sigmoid */
  UnaryOp_Cosh,
} UnaryOp;

/* What a unary kernel needs besides its iterator (operands: out, a). */
typedef struct UnaryLoop {
  ScalarType compute;           /* the type the operation runs in */
  ScalarType in_type, out_type; /* read once: stores through the output may alias */
} UnaryLoop;

/* The stubs each copy of ops/cpu/UnaryOpsKernel.c registers into, one per
 * UnaryOp; defined in ops/UnaryOps.c.
 * PyTorch 1.13: native/UnaryOps.h (abs_stub, exp_stub, ...) */
typedef void (*unary_fn)(TensorIteratorBase* iter, const UnaryLoop* L);
DECLARE_DISPATCH(unary_fn, abs_stub);
DECLARE_DISPATCH(unary_fn, relu_stub);
DECLARE_DISPATCH(unary_fn, exp_stub);
DECLARE_DISPATCH(unary_fn, log_stub);
DECLARE_DISPATCH(unary_fn, sqrt_stub);
DECLARE_DISPATCH(unary_fn, sigmoid_stub);
DECLARE_DISPATCH(unary_fn, tanh_stub);
DECLARE_DISPATCH(unary_fn, sin_stub);
DECLARE_DISPATCH(unary_fn, cos_stub);
DECLARE_DISPATCH(unary_fn, floor_stub);
DECLARE_DISPATCH(unary_fn, ceil_stub);
DECLARE_DISPATCH(unary_fn, round_stub);
DECLARE_DISPATCH(unary_fn, trunc_stub);
DECLARE_DISPATCH(unary_fn, sign_stub);
DECLARE_DISPATCH(unary_fn, neg_stub);
DECLARE_DISPATCH(unary_fn, bitwise_not_stub);
DECLARE_DISPATCH(unary_fn, logical_not_stub);
DECLARE_DISPATCH(unary_fn, log1p_stub);
DECLARE_DISPATCH(unary_fn, expm1_stub);
DECLARE_DISPATCH(unary_fn, erf_stub);
DECLARE_DISPATCH(unary_fn, erfc_stub);
DECLARE_DISPATCH(unary_fn, erfinv_stub);
DECLARE_DISPATCH(unary_fn, angle_stub);
DECLARE_DISPATCH(unary_fn, sgn_stub);
DECLARE_DISPATCH(unary_fn, sinh_stub);
DECLARE_DISPATCH(unary_fn, cosh_stub);

/* The stub op runs on. */
DispatchStub* unary_stub(UnaryOp op);

/* out = op(a), allocated like a (out == NULL) or written in place into out.
 * PyTorch 1.13: TensorIterator unary_op / unary_float_op */
Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op);
Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op);
/* Its structured halves: the meta function (build and dtype checks) and
 * the impl (the stub over sop->iter).  0, or -1 with the error set. */
int unary_op_meta(StructuredOp* sop, const Tensor* a, UnaryOp op);
int unary_op_run(StructuredOp* sop, UnaryOp op);

#endif
