/*
 * BinaryOpsBitwise.c - bitwise_and, bitwise_or, bitwise_xor, the shifts, and
 * the Python operators &, |, ^, <<, >> (and their in-place forms) as the aten
 * operators 1.13 gives them.
 *
 * A split of 1.13's BinaryOps.cpp, as TensorShapeCat.c is of TensorShape.cpp:
 * the Tensor forms are structured (Note [Structured kernels] in
 * ops/Structured.h): their meta and impl functions are binary_op_meta's and
 * binary_op_run's (ops/BinaryOps.h) with the tags BinaryOp_BitwiseAnd ...
 * BinaryOp_Rshift, whose kernels are ops/cpu/BinaryOpsKernel.c's; the dtype
 * checks (integers and bools only, the shifts integers only, refused after
 * TensorIterator's build, in the common dtype, as the kernels' AT_DISPATCH
 * does) are binary_op_run's, so a meta tensor of floats passes them.
 *
 * PyTorch 1.13: aten/src/ATen/native/BinaryOps.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/Structured.h"
#include "runtime/ScalarOps.h"

static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

/* bitwise_and/or/xor.Tensor_out and bitwise_left/right_shift.Tensor_out are
 * structured binary operators (build_borrowing_binary_op: the common dtype,
 * integers and bools only, shifts integers only: their kernels' AT_DISPATCH
 * refuses the rest after the build).  Each Scalar form wraps its number
 * (wrapped_scalar_tensor) and calls the Tensor form through the dispatcher,
 * so a trace shows both.  The Python operators have aten operators of their
 * own: __and__/__or__/__xor__ and their in-place forms are
 * CompositeImplicitAutograd over the bitwise_* methods (the trace shows
 * those), while __lshift__/__rshift__ and __ilshift__/__irshift__ have CPU
 * kernels that run the shift stub themselves (no bitwise_*_shift in their
 * trace).  Shift counts: Note [Shift counts] in ops/cpu/BinaryOpsKernel.c. */

/* A ScalarOp calls an operator's Tensor overload with a wrapped number. */
typedef Tensor* (*TensorOp)(const Tensor* self, const Tensor* other);
typedef Tensor* (*TensorOp_)(Tensor* self, const Tensor* other);
typedef Tensor* (*TensorOpOut)(const Tensor* self, const Tensor* other, Tensor* out);

/* PyTorch 1.13: BinaryOps.cpp `op(self, wrapped_scalar_tensor(other))` */
static Tensor* with_wrapped_other(const Tensor* self, Scalar other, TensorOp op) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = op(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp `op(wrapped_scalar_tensor(self), other)` */
static Tensor* with_wrapped_self(Scalar self, const Tensor* other, TensorOp op) {
  Tensor* w = wrapped_scalar_tensor(self);
  if (w == NULL) return NULL;
  Tensor* r = op(w, other);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp `self.op_(wrapped_scalar_tensor(other))` */
static Tensor* with_wrapped_other_(Tensor* self, Scalar other, TensorOp_ op) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = op(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp `at::op_out(result, self, wrapped_scalar_tensor(other))` */
static Tensor* with_wrapped_other_out(const Tensor* self, Scalar other, Tensor* out, TensorOpOut op) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = op(self, w, out);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(bitwise_and, Tensor) */
int at_meta_bitwise_and_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_BitwiseAnd, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(bitwise_and_out) */
int at_impl_bitwise_and_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_BitwiseAnd, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_and (Tensor, Scalar) */
Tensor* at_native_bitwise_and_Scalar(const Tensor* self, Scalar other) {
  return with_wrapped_other(self, other, at_bitwise_and_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_and (Scalar, Tensor) */
Tensor* at_native_bitwise_and_Scalar_Tensor(Scalar self, const Tensor* other) {
  return with_wrapped_self(self, other, at_bitwise_and_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_and_ (Scalar) */
Tensor* at_native_bitwise_and__Scalar(Tensor* self, Scalar other) { return with_wrapped_other_(self, other, at_bitwise_and__Tensor); }
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_and_out (Scalar) */
Tensor* at_native_bitwise_and_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  return with_wrapped_other_out(self, other, out, at_bitwise_and_Tensor_out);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(bitwise_or, Tensor) */
int at_meta_bitwise_or_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_BitwiseOr, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(bitwise_or_out) */
int at_impl_bitwise_or_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_BitwiseOr, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_or (Tensor, Scalar) */
Tensor* at_native_bitwise_or_Scalar(const Tensor* self, Scalar other) {
  return with_wrapped_other(self, other, at_bitwise_or_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_or (Scalar, Tensor) */
Tensor* at_native_bitwise_or_Scalar_Tensor(Scalar self, const Tensor* other) {
  return with_wrapped_self(self, other, at_bitwise_or_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_or_ (Scalar) */
Tensor* at_native_bitwise_or__Scalar(Tensor* self, Scalar other) { return with_wrapped_other_(self, other, at_bitwise_or__Tensor); }
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_or_out (Scalar) */
Tensor* at_native_bitwise_or_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  return with_wrapped_other_out(self, other, out, at_bitwise_or_Tensor_out);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(bitwise_xor, Tensor) */
int at_meta_bitwise_xor_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_BitwiseXor, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(bitwise_xor_out) */
int at_impl_bitwise_xor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_BitwiseXor, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_xor (Tensor, Scalar) */
Tensor* at_native_bitwise_xor_Scalar(const Tensor* self, Scalar other) {
  return with_wrapped_other(self, other, at_bitwise_xor_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_xor (Scalar, Tensor) */
Tensor* at_native_bitwise_xor_Scalar_Tensor(Scalar self, const Tensor* other) {
  return with_wrapped_self(self, other, at_bitwise_xor_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_xor_ (Scalar) */
Tensor* at_native_bitwise_xor__Scalar(Tensor* self, Scalar other) { return with_wrapped_other_(self, other, at_bitwise_xor__Tensor); }
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_xor_out (Scalar) */
Tensor* at_native_bitwise_xor_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  return with_wrapped_other_out(self, other, out, at_bitwise_xor_Tensor_out);
}

/* Python's &, |, ^ and &=, |=, ^=: the bitwise_* methods under another name. */

/* PyTorch 1.13: BinaryOps.cpp at::native::__and__ (Tensor): self.bitwise_and(other) */
Tensor* at_native___and___Tensor(const Tensor* self, const Tensor* other) { return at_bitwise_and_Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__and__ (Scalar): self.bitwise_and(other) */
Tensor* at_native___and___Scalar(const Tensor* self, Scalar other) { return at_bitwise_and_Scalar(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__iand__ (Tensor): self.bitwise_and_(other) */
Tensor* at_native___iand___Tensor(Tensor* self, const Tensor* other) { return at_bitwise_and__Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__iand__ (Scalar): self.bitwise_and_(other) */
Tensor* at_native___iand___Scalar(Tensor* self, Scalar other) { return at_bitwise_and__Scalar(self, other); }

/* PyTorch 1.13: BinaryOps.cpp at::native::__or__ (Tensor): self.bitwise_or(other) */
Tensor* at_native___or___Tensor(const Tensor* self, const Tensor* other) { return at_bitwise_or_Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__or__ (Scalar): self.bitwise_or(other) */
Tensor* at_native___or___Scalar(const Tensor* self, Scalar other) { return at_bitwise_or_Scalar(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__ior__ (Tensor): self.bitwise_or_(other) */
Tensor* at_native___ior___Tensor(Tensor* self, const Tensor* other) { return at_bitwise_or__Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__ior__ (Scalar): self.bitwise_or_(other) */
Tensor* at_native___ior___Scalar(Tensor* self, Scalar other) { return at_bitwise_or__Scalar(self, other); }

/* PyTorch 1.13: BinaryOps.cpp at::native::__xor__ (Tensor): self.bitwise_xor(other) */
Tensor* at_native___xor___Tensor(const Tensor* self, const Tensor* other) { return at_bitwise_xor_Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__xor__ (Scalar): self.bitwise_xor(other) */
Tensor* at_native___xor___Scalar(const Tensor* self, Scalar other) { return at_bitwise_xor_Scalar(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__ixor__ (Tensor): self.bitwise_xor_(other) */
Tensor* at_native___ixor___Tensor(Tensor* self, const Tensor* other) { return at_bitwise_xor__Tensor(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::__ixor__ (Scalar): self.bitwise_xor_(other) */
Tensor* at_native___ixor___Scalar(Tensor* self, Scalar other) { return at_bitwise_xor__Scalar(self, other); }

/* The shifts: bitwise_left_shift / bitwise_right_shift as bitwise_and above
 * (the in-place Scalar form calls the out= operator with self as out), and
 * Python's <<, >>, <<=, >>= with kernels of their own: TensorIterator's
 * binary_op then the stub. */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(bitwise_left_shift, Tensor) */
int at_meta_bitwise_left_shift_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Lshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(bitwise_left_shift_out) */
int at_impl_bitwise_left_shift_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Lshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_left_shift (Tensor, Scalar) */
Tensor* at_native_bitwise_left_shift_Tensor_Scalar(const Tensor* self, Scalar other) {
  return with_wrapped_other(self, other, at_bitwise_left_shift_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_left_shift_ (Scalar): at::bitwise_left_shift_out(self, self, wrapped) */
Tensor* at_native_bitwise_left_shift__Tensor_Scalar(Tensor* self, Scalar other) {
  return with_wrapped_other_out(self, other, self, at_bitwise_left_shift_Tensor_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_left_shift_out (Scalar) */
Tensor* at_native_bitwise_left_shift_Tensor_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  return with_wrapped_other_out(self, other, out, at_bitwise_left_shift_Tensor_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_left_shift (Scalar, Tensor) */
Tensor* at_native_bitwise_left_shift_Scalar_Tensor(Scalar self, const Tensor* other) {
  return with_wrapped_self(self, other, at_bitwise_left_shift_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__lshift__ (Tensor) */
Tensor* at_native___lshift___Tensor(const Tensor* self, const Tensor* other) {
  return binary_op(NULL, self, other, BinaryOp_Lshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__lshift__ (Scalar) */
Tensor* at_native___lshift___Scalar(const Tensor* self, Scalar other) {
  return binary_op_scalar(NULL, false, self, other, BinaryOp_Lshift);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__ilshift__ (Tensor) */
Tensor* at_native___ilshift___Tensor(Tensor* self, const Tensor* other) {
  return binary_op(self, self, other, BinaryOp_Lshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__ilshift__ (Scalar) */
Tensor* at_native___ilshift___Scalar(Tensor* self, Scalar other) { return binary_op_scalar(self, false, self, other, BinaryOp_Lshift); }

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(bitwise_right_shift, Tensor) */
int at_meta_bitwise_right_shift_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Rshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(bitwise_right_shift_out) */
int at_impl_bitwise_right_shift_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Rshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_right_shift (Tensor, Scalar) */
Tensor* at_native_bitwise_right_shift_Tensor_Scalar(const Tensor* self, Scalar other) {
  return with_wrapped_other(self, other, at_bitwise_right_shift_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_right_shift_ (Scalar): at::bitwise_right_shift_out(self, self, wrapped) */
Tensor* at_native_bitwise_right_shift__Tensor_Scalar(Tensor* self, Scalar other) {
  return with_wrapped_other_out(self, other, self, at_bitwise_right_shift_Tensor_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_right_shift_out (Scalar) */
Tensor* at_native_bitwise_right_shift_Tensor_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  return with_wrapped_other_out(self, other, out, at_bitwise_right_shift_Tensor_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::bitwise_right_shift (Scalar, Tensor) */
Tensor* at_native_bitwise_right_shift_Scalar_Tensor(Scalar self, const Tensor* other) {
  return with_wrapped_self(self, other, at_bitwise_right_shift_Tensor);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__rshift__ (Tensor) */
Tensor* at_native___rshift___Tensor(const Tensor* self, const Tensor* other) {
  return binary_op(NULL, self, other, BinaryOp_Rshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__rshift__ (Scalar) */
Tensor* at_native___rshift___Scalar(const Tensor* self, Scalar other) {
  return binary_op_scalar(NULL, false, self, other, BinaryOp_Rshift);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__irshift__ (Tensor) */
Tensor* at_native___irshift___Tensor(Tensor* self, const Tensor* other) {
  return binary_op(self, self, other, BinaryOp_Rshift, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::__irshift__ (Scalar) */
Tensor* at_native___irshift___Scalar(Tensor* self, Scalar other) { return binary_op_scalar(self, false, self, other, BinaryOp_Rshift); }
