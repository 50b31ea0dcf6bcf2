/*
 * TensorOperators.c - the comparisons eq, ne, lt, le, gt, ge on quantized
 * tensors (QuantizedCPU), each in its four forms (Tensor, Scalar, and their
 * out= forms).
 *
 * 1.13 compares the real values: it dequantizes both operands (a tensor that
 * is not quantized, such as the float or int `other` of `q == x`, or the
 * float `self` of `x == q` when the quantized operand decided the dispatch,
 * "dequantizes" to a float copy of itself) and calls the CPU operator on the
 * results, so the answer is a bool tensor and the broadcasting, dtype and
 * resizing rules are the CPU operator's.  Before dequantizing, the Tensor
 * forms check that the two shapes broadcast (infer_size), and the out= forms
 * that `out` is a bool tensor ("The 'out' tensor must have dtype
 * 'torch.bool'").  The operators these kernels call run below the trace, so
 * `trace_on()` shows only the operator itself, as 1.13's TorchDispatchMode
 * does.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ExpandUtils.h"
#include "runtime/Exception.h"

/* The comparison's CPU entry points, one table per operator. */
typedef struct Comparator {
  Tensor* (*tensor)(const Tensor*, const Tensor*);
  Tensor* (*tensor_out)(const Tensor*, const Tensor*, Tensor*);
  Tensor* (*scalar)(const Tensor*, Scalar);
  Tensor* (*scalar_out)(const Tensor*, Scalar, Tensor*);
} Comparator;

/* infer_size(self.sizes(), other.sizes()): 0, or -1 with its RuntimeError. */
static int check_broadcastable(const Tensor* self, const Tensor* other) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim = 0;
  return broadcast_shape(Tensor_sizes(self), Tensor_sizes(other), shape, &ndim);
}

/* 0, or -1 with the RuntimeError of a non-bool out tensor. */
static int check_out_bool(const Tensor* out) {
  TORCH_CHECK(out->dtype == ScalarType_Bool, "The 'out' tensor must have dtype 'torch.bool'");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorOperators.cpp DEFINE_COMPARATOR (at_op##_quantized_cpu, Tensor other) */
static Tensor* compare_tensor(const Comparator* op, const Tensor* self, const Tensor* other) {
  Tensor *self_dq = NULL, *other_dq = NULL, *r = NULL;
  TRY(check_broadcastable(self, other) == 0);
  TRY((self_dq = at_dequantize_self(self)) != NULL);
  TRY((other_dq = at_dequantize_self(other)) != NULL);
  r = op->tensor(self_dq, other_dq);
fail:
  Tensor_release(self_dq);
  Tensor_release(other_dq);
  return r;
}

/* PyTorch 1.13: TensorOperators.cpp DEFINE_COMPARATOR (at_op##_out_quantized_cpu, Tensor other) */
static Tensor* compare_tensor_out(const Comparator* op, const Tensor* self, const Tensor* other, Tensor* out) {
  Tensor *self_dq = NULL, *other_dq = NULL, *r = NULL;
  TRY(check_broadcastable(self, other) == 0);
  TRY(check_out_bool(out) == 0);
  TRY((self_dq = at_dequantize_self(self)) != NULL);
  TRY((other_dq = at_dequantize_self(other)) != NULL);
  r = op->tensor_out(self_dq, other_dq, out);
fail:
  Tensor_release(self_dq);
  Tensor_release(other_dq);
  return r;
}

/* PyTorch 1.13: TensorOperators.cpp DEFINE_COMPARATOR (at_op##_quantized_cpu, Scalar other) */
static Tensor* compare_scalar(const Comparator* op, const Tensor* self, Scalar other) {
  Tensor* self_dq = at_dequantize_self(self);
  if (self_dq == NULL) return NULL;
  Tensor* r = op->scalar(self_dq, other);
  Tensor_release(self_dq);
  return r;
}

/* PyTorch 1.13: TensorOperators.cpp DEFINE_COMPARATOR (at_op##_out_quantized_cpu, Scalar other) */
static Tensor* compare_scalar_out(const Comparator* op, const Tensor* self, Scalar other, Tensor* out) {
  if (check_out_bool(out) < 0) return NULL;
  Tensor* self_dq = at_dequantize_self(self);
  if (self_dq == NULL) return NULL;
  Tensor* r = op->scalar_out(self_dq, other, out);
  Tensor_release(self_dq);
  return r;
}

static const Comparator kEq = {at_eq_Tensor, at_eq_Tensor_out, at_eq_Scalar, at_eq_Scalar_out};
static const Comparator kNe = {at_ne_Tensor, at_ne_Tensor_out, at_ne_Scalar, at_ne_Scalar_out};
static const Comparator kLt = {at_lt_Tensor, at_lt_Tensor_out, at_lt_Scalar, at_lt_Scalar_out};
static const Comparator kLe = {at_le_Tensor, at_le_Tensor_out, at_le_Scalar, at_le_Scalar_out};
static const Comparator kGt = {at_gt_Tensor, at_gt_Tensor_out, at_gt_Scalar, at_gt_Scalar_out};
static const Comparator kGe = {at_ge_Tensor, at_ge_Tensor_out, at_ge_Scalar, at_ge_Scalar_out};

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::eq_quantized_cpu */
Tensor* at_native_eq_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kEq, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::eq_out_quantized_cpu */
Tensor* at_native_eq_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kEq, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::eq_quantized_cpu (Scalar) */
Tensor* at_native_eq_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kEq, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::eq_out_quantized_cpu (Scalar) */
Tensor* at_native_eq_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kEq, self, other, out);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ne_quantized_cpu */
Tensor* at_native_ne_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kNe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ne_out_quantized_cpu */
Tensor* at_native_ne_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kNe, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ne_quantized_cpu (Scalar) */
Tensor* at_native_ne_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kNe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ne_out_quantized_cpu (Scalar) */
Tensor* at_native_ne_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kNe, self, other, out);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::lt_quantized_cpu */
Tensor* at_native_lt_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kLt, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::lt_out_quantized_cpu */
Tensor* at_native_lt_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kLt, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::lt_quantized_cpu (Scalar) */
Tensor* at_native_lt_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kLt, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::lt_out_quantized_cpu (Scalar) */
Tensor* at_native_lt_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kLt, self, other, out);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::le_quantized_cpu */
Tensor* at_native_le_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kLe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::le_out_quantized_cpu */
Tensor* at_native_le_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kLe, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::le_quantized_cpu (Scalar) */
Tensor* at_native_le_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kLe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::le_out_quantized_cpu (Scalar) */
Tensor* at_native_le_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kLe, self, other, out);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::gt_quantized_cpu */
Tensor* at_native_gt_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kGt, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::gt_out_quantized_cpu */
Tensor* at_native_gt_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kGt, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::gt_quantized_cpu (Scalar) */
Tensor* at_native_gt_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kGt, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::gt_out_quantized_cpu (Scalar) */
Tensor* at_native_gt_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kGt, self, other, out);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ge_quantized_cpu */
Tensor* at_native_ge_quantized_cpu(const Tensor* self, const Tensor* other) { return compare_tensor(&kGe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ge_out_quantized_cpu */
Tensor* at_native_ge_out_quantized_cpu(const Tensor* self, const Tensor* other, Tensor* out) {
  return compare_tensor_out(&kGe, self, other, out);
}
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ge_quantized_cpu (Scalar) */
Tensor* at_native_ge_quantized_cpu_Scalar(const Tensor* self, Scalar other) { return compare_scalar(&kGe, self, other); }
/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorOperators.cpp at::native::ge_out_quantized_cpu (Scalar) */
Tensor* at_native_ge_out_quantized_cpu_Scalar(const Tensor* self, Scalar other, Tensor* out) {
  return compare_scalar_out(&kGe, self, other, out);
}
