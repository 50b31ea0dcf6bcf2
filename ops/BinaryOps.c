/*
 * BinaryOps.c - add, sub, mul, div, remainder, fmod, atan2, the comparisons,
 * and the bitwise and logical operators.
 *
 * All of them are one call of binary_op with an operation tag: binary_op
 * is TensorIterator's build of a binary operation (its TensorIteratorConfig:
 * the overlap, shape and dtype checks and the output in
 * TensorIteratorBase::build's order, ops/TensorIteratorConfig.h), then the
 * operator's own checks, then the operation's stub (ops/BinaryOps.h), whose
 * kernels are ops/cpu/BinaryOpsKernel.c's.  In MetaMode (ops/MetaMode.h)
 * the kernel is not called: the checks and the output are the same.  The .Scalar overloads wrap their number into a
 * 0-dim "wrapped number" tensor, which takes part in broadcasting but does
 * not widen the result type (`uint8_tensor + 300` stays uint8), exactly as
 * PyTorch's wrapped_scalar_tensor.  `1 - a` is rsub; the Python bindings map
 * Python's reflected operators as PyTorch's Tensor class does.
 *
 * PyTorch 1.13: aten/src/ATen/native/BinaryOps.cpp
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/BinaryOpsComplex.h"
#include "ops/ExpandUtils.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/TypeProperties.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

/* ---- the stubs (Note [CPU capability dispatch] in ops/DispatchStub.h) ------- */

/* PyTorch 1.13: BinaryOps.cpp DEFINE_DISPATCH(add_stub), ... */
DEFINE_DISPATCH(add_stub);
DEFINE_DISPATCH(mul_stub);
DEFINE_DISPATCH(div_true_stub);
DEFINE_DISPATCH(pow_tensor_tensor_stub);
DEFINE_DISPATCH(max_elementwise_stub);
DEFINE_DISPATCH(min_elementwise_stub);
DEFINE_DISPATCH(div_trunc_stub);
DEFINE_DISPATCH(div_floor_stub);
DEFINE_DISPATCH(maximum_stub);
DEFINE_DISPATCH(minimum_stub);
DEFINE_DISPATCH(remainder_stub);
DEFINE_DISPATCH(fmod_stub);
DEFINE_DISPATCH(atan2_stub);
DEFINE_DISPATCH(sigmoid_backward_stub);
DEFINE_DISPATCH(tanh_backward_stub);
DEFINE_DISPATCH(threshold_stub);
DEFINE_DISPATCH(lt_stub);
DEFINE_DISPATCH(le_stub);
DEFINE_DISPATCH(gt_stub);
DEFINE_DISPATCH(ge_stub);
DEFINE_DISPATCH(eq_stub);
DEFINE_DISPATCH(ne_stub);
DEFINE_DISPATCH(logical_and_stub);
DEFINE_DISPATCH(logical_or_stub);
DEFINE_DISPATCH(logical_xor_stub);
DEFINE_DISPATCH(bitwise_and_stub);
DEFINE_DISPATCH(bitwise_or_stub);
DEFINE_DISPATCH(bitwise_xor_stub);
DEFINE_DISPATCH(lshift_stub);
DEFINE_DISPATCH(rshift_stub);

static DispatchStub* const kBinaryStubs[] = {
    [BinaryOp_Add] = &add_stub,
    [BinaryOp_Sub] = &add_stub,
    [BinaryOp_Mul] = &mul_stub,
    [BinaryOp_Div] = &div_true_stub,
    [BinaryOp_Pow] = &pow_tensor_tensor_stub,
    [BinaryOp_Max] = &max_elementwise_stub,
    [BinaryOp_Min] = &min_elementwise_stub,
    [BinaryOp_DivTrunc] = &div_trunc_stub,
    [BinaryOp_DivFloor] = &div_floor_stub,
    [BinaryOp_Maximum] = &maximum_stub,
    [BinaryOp_Minimum] = &minimum_stub,
    [BinaryOp_Remainder] = &remainder_stub,
    [BinaryOp_Fmod] = &fmod_stub,
    [BinaryOp_Atan2] = &atan2_stub,
    [BinaryOp_SigmoidBackward] = &sigmoid_backward_stub,
    [BinaryOp_TanhBackward] = &tanh_backward_stub,
    [BinaryOp_ThresholdBackward] = &threshold_stub,
    [BinaryOp_BitwiseAnd] = &bitwise_and_stub,
    [BinaryOp_BitwiseOr] = &bitwise_or_stub,
    [BinaryOp_BitwiseXor] = &bitwise_xor_stub,
    [BinaryOp_Lshift] = &lshift_stub,
    [BinaryOp_Rshift] = &rshift_stub,
    [BinaryOp_Lt] = &lt_stub,
    [BinaryOp_Le] = &le_stub,
    [BinaryOp_Gt] = &gt_stub,
    [BinaryOp_Ge] = &ge_stub,
    [BinaryOp_Eq] = &eq_stub,
    [BinaryOp_Ne] = &ne_stub,
    [BinaryOp_LogicalAnd] = &logical_and_stub,
    [BinaryOp_LogicalOr] = &logical_or_stub,
    [BinaryOp_LogicalXor] = &logical_xor_stub,
};
_Static_assert(sizeof kBinaryStubs / sizeof *kBinaryStubs == BinaryOp_LogicalXor + 1, "a stub per BinaryOp");

DispatchStub* binary_stub(BinaryOp op) { return kBinaryStubs[op]; }

/* ---- binary_op: TensorIterator's build, then the stub ----------------------- */

/* The TensorIteratorConfig of op: the comparisons' (a new output is bool; a
 * given one of another dtype gets the common dtype cast to it, unchecked),
 * true division's and atan2's (integers promoted to the default float type), or
 * BINARY_OP_CONFIG.
 * PyTorch 1.13: TensorIterator.cpp build_borrowing_comparison_op
 * (set_up_comparison_op_config), build_borrowing_binary_float_op,
 * build_borrowing_binary_op */
static void binary_op_config(TensorIteratorConfig* config, Tensor* out, bool resize_out, const Tensor* a,
                             const Tensor* b, BinaryOp op) {
  if (BinaryOp_isComparison(op)) {
    TensorIteratorConfig_init(config);
    config->check_all_same_dtype = false;
    config->allow_cpu_scalars = true;
    config->promote_inputs_to_common_dtype = true;
    if (out == NULL) config->static_dtype = ScalarType_Bool;
    config->cast_common_dtype_to_outputs = out != NULL && out->dtype != ScalarType_Bool;
  } else if (op == BinaryOp_Div || op == BinaryOp_Atan2) {
    TensorIteratorConfig_float_op(config);
  } else {
    TensorIteratorConfig_binary_op(config);
  }
  /* NB(minaten): an in-place or functional call never resizes its output. */
  config->resize_outputs = resize_out;
  config->complex_kernels = true; /* binary_op_complex_check refuses what has no complex loop */
  TensorIteratorConfig_add_output(config, out);
  TensorIteratorConfig_add_input(config, a);
  TensorIteratorConfig_add_input(config, b);
}

/* The check of add's and sub's meta functions after their build: alpha
 * against the common dtype.
 * PyTorch 1.13: BinaryOps.h alpha_check */
static int alpha_check(BinaryOp op, ScalarType compute, Scalar alpha) {
  if (op == BinaryOp_Add || op == BinaryOp_Sub) {
    TORCH_CHECK(alpha.tag != ScalarTag_Bool || compute == ScalarType_Bool,
                "Boolean alpha only supported for Boolean results.");
    TORCH_CHECK(ScalarType_isFloating(compute) || ScalarType_isComplex(compute) || alpha.tag == ScalarTag_Long ||
                    alpha.tag == ScalarTag_Bool,
                "For integral input tensors, argument alpha must not be a floating point number.");
    TORCH_CHECK(ScalarType_isComplex(compute) || alpha.tag != ScalarTag_ComplexDouble,
                "For non-complex input tensors, argument alpha must not be a complex number.");
  }
  return 0;
fail:
  return -1;
}

/* The dtypes the CPU kernel's AT_DISPATCH has no case for: the impl's
 * errors (a meta tensor of those dtypes is fine).
 * PyTorch 1.13: BinaryOpsKernel.cpp's AT_DISPATCH names */
static int kernel_dtype_checks(BinaryOp op, ScalarType compute) {
  TORCH_CHECK(!((op == BinaryOp_DivTrunc || op == BinaryOp_DivFloor || op == BinaryOp_Remainder ||
                 op == BinaryOp_Fmod) &&
                compute == ScalarType_Bool),
              "\"%s\" not implemented for 'Bool'",
              op == BinaryOp_DivTrunc    ? "div_trunc_cpu"
              : op == BinaryOp_DivFloor  ? "div_floor_cpu"
              : op == BinaryOp_Remainder ? "remainder_cpu"
                                         : "fmod_cpu");
  /* atan2_kernel: AT_DISPATCH_FLOATING_TYPES_AND(kBFloat16, ...), no Half */
  TORCH_CHECK(!(op == BinaryOp_Atan2 && compute == ScalarType_Half), "\"atan2_cpu\" not implemented for 'Half'");
  TORCH_CHECK(!((op == BinaryOp_SigmoidBackward || op == BinaryOp_TanhBackward) && !ScalarType_isFloating(compute)),
              "\"%s\" not implemented for '%s'",
              op == BinaryOp_SigmoidBackward ? "sigmoid_backward_cpu" : "tanh_backward_cpu", ScalarType_name(compute));
  /* AT_DISPATCH_INTEGRAL_TYPES_AND(kBool, ...) of the bitwise kernels; AT_DISPATCH_INTEGRAL_TYPES of the shifts */
  static const char* const kBitwiseKernels[] = {"bitwise_and_cpu", "bitwise_or_cpu", "bitwise_xor_cpu", "lshift_cpu",
                                                "rshift_cpu"};
  if (op >= BinaryOp_BitwiseAnd && op <= BinaryOp_Rshift) {
    bool shift = op == BinaryOp_Lshift || op == BinaryOp_Rshift;
    TORCH_CHECK(!ScalarType_isFloating(compute) && !(shift && compute == ScalarType_Bool),
                "\"%s\" not implemented for '%s'", kBitwiseKernels[op - BinaryOp_BitwiseAnd], ScalarType_name(compute));
  }
  return 0;
fail:
  return -1;
}

/* The meta function of a binary operator: TensorIterator's build into
 * op->iter (ops/TensorIteratorConfig.h), then the operator's own checks.
 * Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(add, Tensor) & co.
 * (build_borrowing_binary_op, alpha_check) */
int binary_op_meta(StructuredOp* op, const Tensor* a, const Tensor* b, BinaryOp bop, Scalar alpha) {
  TORCH_CHECK((a->device.type == DeviceType_CPU || a->device.type == DeviceType_Meta) &&
                  (b->device.type == DeviceType_CPU || b->device.type == DeviceType_Meta) &&
                  !ScalarType_isQuantized(a->dtype) && !ScalarType_isQuantized(b->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  TensorIteratorConfig config;
  binary_op_config(&config, StructuredOp_maybeGetOutput(op, 0), op->kind == StructuredKind_Out, a, b, bop);
  TRY(StructuredOp_build(op, &config) == 0);
  TRY(alpha_check(bop, op->iter.common_dtype, alpha) == 0);
  return 0;
fail:
  return -1;
}

/* The impl function of a binary operator: the operation's stub over the
 * iterator the meta function built (in MetaMode, ops/MetaMode.h, nothing),
 * after the checks of the dtypes the loops have no case for.  Returns 0,
 * or -1 with the error indicator set (integer division by zero).
 * PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(add_out) & co. */
int binary_op_run(StructuredOp* op, BinaryOp bop, Scalar alpha) {
  TensorIteratorBase* iter = &op->iter;
  const Tensor* result = iter->tensors[0];
  if (binary_op_complex_check(bop, iter->common_dtype) < 0 || kernel_dtype_checks(bop, iter->common_dtype) < 0)
    return -1;
  if (result->numel == 0 || MetaMode_isEnabled()) return 0;
  atomic_bool zero_division = false;
  BinaryLoop L = {.compute = iter->common_dtype, .out_type = result->dtype, .a_type = iter->tensors[1]->dtype,
                  .b_type = iter->tensors[2]->dtype, .zero_division = &zero_division};
  if (ScalarType_isComplex(L.compute)) {
    binary_op_complex(iter, bop, &L, alpha);
    return 0;
  }
  L.alpha_d = Scalar_toDouble(alpha);
  L.alpha_i = Scalar_toLong(alpha);
  if (bop == BinaryOp_Sub) { /* sub_out: add_stub(device_type(), *this, -alpha) */
    L.alpha_d = -L.alpha_d;
    L.alpha_i = (int64_t)(0 - (uint64_t)L.alpha_i);
  }
  ((binary_fn)DispatchStub_get(binary_stub(bop)))(iter, &L);
  if (zero_division) {
    Error_set(ErrorType_RuntimeError, "ZeroDivisionError");
    return -1;
  }
  return 0;
}

/* meta then impl on the CPU, for the binary operators that are not yet
 * structured in minaten (their forms are written by hand).  Returns the
 * output as a new reference. */
static Tensor* binary_op_impl(Tensor* out, bool resize_out, const Tensor* a, const Tensor* b, BinaryOp bop,
                              Scalar alpha) {
  StructuredOp op;
  StructuredOp_initCpu(&op, out, resize_out);
  if (binary_op_meta(&op, a, b, bop, alpha) < 0 || binary_op_run(&op, bop, alpha) < 0) return StructuredOp_release(&op);
  return StructuredOp_output(&op, 0);
}

Tensor* binary_op(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha) {
  return binary_op_impl(out, false, a, b, op, alpha);
}

Tensor* binary_op_out(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha) {
  return binary_op_impl(out, true, a, b, op, alpha);
}

Tensor* binary_op_scalar(Tensor* out, bool resize_out, const Tensor* a, Scalar b, BinaryOp op) {
  Tensor* w = wrapped_scalar_tensor(b);
  if (w == NULL) return NULL;
  Tensor* r = binary_op_impl(out, resize_out, a, w, op, Scalar_fromLong(1));
  Tensor_release(w);
  return r;
}


/* PyTorch 1.13: BinaryOps.cpp sub_check */
static int sub_check(const Tensor* self, const Tensor* other) {
  TORCH_CHECK(self->dtype != ScalarType_Bool || other->dtype != ScalarType_Bool,
              "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
              "or `logical_xor()` operator instead.");
  TORCH_CHECK(self->dtype != ScalarType_Bool && other->dtype != ScalarType_Bool,
              "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
              "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  return 0;
fail:
  return -1;
}

static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

/* ---- the structured operators: meta and impl functions ----------------------
 * Note [Structured kernels] in ops/Structured.h: tools/codegen writes the
 * functional, in-place and out= forms around these (RegisterCPU.c,
 * RegisterMeta.c). */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(add, Tensor) */
int at_meta_add_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other, Scalar alpha) {
  return binary_op_meta(op, self, other, BinaryOp_Add, alpha);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(add_out) (ufunc_inner_loop add) */
int at_impl_add_out(StructuredOp* op, const Tensor* self, const Tensor* other, Scalar alpha, Tensor* out) {
  (void)self, (void)other, (void)out; /* the iterator holds them */
  return binary_op_run(op, BinaryOp_Add, alpha);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(sub, Tensor) */
int at_meta_sub_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other, Scalar alpha) {
  if (sub_check(self, other) < 0) return -1;
  return binary_op_meta(op, self, other, BinaryOp_Sub, alpha);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(sub_out): add_stub with -alpha */
int at_impl_sub_out(StructuredOp* op, const Tensor* self, const Tensor* other, Scalar alpha, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Sub, alpha);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(mul, Tensor) */
int at_meta_mul_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Mul, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(mul_out) */
int at_impl_mul_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Mul, kOne);
}

/* True division: integers promoted to the default float type.
 * PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(div, Tensor) (build_borrowing_binary_float_op) */
int at_meta_div_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Div, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(div_out) */
int at_impl_div_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Div, kOne);
}

/* The BinaryOp of a rounding mode: NULL is true division.
 * PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(div, Tensor_mode) */
static int rounding_op(const char* rounding_mode, BinaryOp* op) {
  if (rounding_mode == NULL) *op = BinaryOp_Div;
  else if (strcmp(rounding_mode, "trunc") == 0) *op = BinaryOp_DivTrunc;
  else if (strcmp(rounding_mode, "floor") == 0) *op = BinaryOp_DivFloor;
  else {
    Error_set(ErrorType_RuntimeError,
              "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'", rounding_mode);
    return -1;
  }
  return 0;
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(div, Tensor_mode) */
int at_meta_div_Tensor_mode(StructuredOp* op, const Tensor* self, const Tensor* other, const char* rounding_mode) {
  BinaryOp bop;
  return rounding_op(rounding_mode, &bop) < 0 ? -1 : binary_op_meta(op, self, other, bop, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(div_out_mode) */
int at_impl_div_out_mode(StructuredOp* op, const Tensor* self, const Tensor* other, const char* rounding_mode,
                         Tensor* out) {
  (void)self, (void)other, (void)out;
  BinaryOp bop;
  return rounding_op(rounding_mode, &bop) < 0 ? -1 : binary_op_run(op, bop, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp at::native::add (Scalar) */
Tensor* at_native_add_Scalar(const Tensor* self, Scalar other, Scalar alpha) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_add_Tensor(self, w, alpha);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp at::native::sub (Scalar) */
Tensor* at_native_sub_Scalar(const Tensor* self, Scalar other, Scalar alpha) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_sub_Tensor(self, w, alpha);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::rsub (Tensor): at::sub(other, self, alpha) */
Tensor* at_native_rsub(const Tensor* self, const Tensor* other, Scalar alpha) {
  return at_sub_Tensor(other, self, alpha);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::rsub (Scalar): other - alpha * self */
Tensor* at_native_rsub_Scalar(const Tensor* self, Scalar other, Scalar alpha) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_sub_Tensor(w, self, alpha);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp at::native::mul (Scalar) */
Tensor* at_native_mul_Scalar(const Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_mul_Tensor(self, w);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp at::native::div (Scalar) */
Tensor* at_native_div_Scalar(const Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_div_Tensor(self, w);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/BinaryOps.cpp at::native::div_ (Scalar):
 * self.div_(wrapped_scalar_tensor(other)), a redispatch */
Tensor* at_native_div__Scalar(Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_div__Tensor(self, w);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp true_divide (Tensor): self.div(divisor) */
Tensor* at_native_true_divide_Tensor(const Tensor* self, const Tensor* other) { return at_div_Tensor(self, other); }

/* PyTorch 1.13: BinaryOps.cpp true_divide_ (Tensor): self.div_(divisor) */
Tensor* at_native_true_divide__Tensor(Tensor* self, const Tensor* other) { return at_div__Tensor(self, other); }

/* PyTorch 1.13: BinaryOps.cpp true_divide_out: at::div_out(result, self, divisor) */
Tensor* at_native_true_divide_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return at_div_out(self, other, out);
}

/* PyTorch 1.13: BinaryOps.cpp true_divide (Scalar): self.div(divisor) */
Tensor* at_native_true_divide_Scalar(const Tensor* self, Scalar other) { return at_div_Scalar(self, other); }

/* PyTorch 1.13: BinaryOps.cpp true_divide_ (Scalar): self.div_(divisor) */
Tensor* at_native_true_divide__Scalar(Tensor* self, Scalar other) { return at_div__Scalar(self, other); }

/* PyTorch 1.13: BinaryOps.cpp at::native::div (Scalar, rounding_mode) */
Tensor* at_native_div_Scalar_mode(const Tensor* self, Scalar other, const char* rounding_mode) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_div_Tensor_mode(self, w, rounding_mode);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::div_ (Scalar, rounding_mode) */
Tensor* at_native_div__Scalar_mode(Tensor* self, Scalar other, const char* rounding_mode) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_div__Tensor_mode(self, w, rounding_mode);
  Tensor_release(w);
  return r;
}

/* The comparisons: a bool result of the common dtype's comparison (an
 * out= or in-place output keeps its dtype and gets 0 and 1).  Structured:
 * the meta functions build the iterator, the impl functions run the stub
 * (Note [Structured kernels] in ops/Structured.h).
 * PyTorch 1.13: BinaryOps.cpp CREATE_COMPARISON_SCALAR_TENSOR_META_FUNC,
 * CREATE_COMPARISON_SCALAR_TENSOR_IMPL_FUNC */

/* A comparison with a Python number: the number wrapped
 * (wrapped_scalar_tensor), owned by the iterator until the impl is done.
 * PyTorch 1.13: build_borrowing_except_last_argument_comparison_op */
static int compare_scalar_meta(StructuredOp* op, const Tensor* self, Scalar other, BinaryOp bop) {
  Tensor* w = StructuredOp_ownInput(op, wrapped_scalar_tensor(other));
  return w == NULL ? -1 : binary_op_meta(op, self, w, bop, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(lt, Tensor) (build_borrowing_comparison_op) */
int at_meta_lt_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Lt, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(lt_Tensor_out) */
int at_impl_lt_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Lt, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(lt, Scalar) */
int at_meta_lt_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Lt);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(lt_Scalar_out) */
int at_impl_lt_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Lt, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(le, Tensor) (build_borrowing_comparison_op) */
int at_meta_le_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Le, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(le_Tensor_out) */
int at_impl_le_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Le, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(le, Scalar) */
int at_meta_le_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Le);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(le_Scalar_out) */
int at_impl_le_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Le, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(gt, Tensor) (build_borrowing_comparison_op) */
int at_meta_gt_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Gt, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(gt_Tensor_out) */
int at_impl_gt_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Gt, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(gt, Scalar) */
int at_meta_gt_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Gt);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(gt_Scalar_out) */
int at_impl_gt_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Gt, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(ge, Tensor) (build_borrowing_comparison_op) */
int at_meta_ge_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Ge, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(ge_Tensor_out) */
int at_impl_ge_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Ge, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(ge, Scalar) */
int at_meta_ge_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Ge);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(ge_Scalar_out) */
int at_impl_ge_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Ge, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(eq, Tensor) (build_borrowing_comparison_op) */
int at_meta_eq_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Eq, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(eq_Tensor_out) */
int at_impl_eq_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Eq, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(eq, Scalar) */
int at_meta_eq_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Eq);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(eq_Scalar_out) */
int at_impl_eq_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Eq, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(ne, Tensor) (build_borrowing_comparison_op) */
int at_meta_ne_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Ne, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(ne_Tensor_out) */
int at_impl_ne_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Ne, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(ne, Scalar) */
int at_meta_ne_Scalar(StructuredOp* op, const Tensor* self, Scalar other) {
  return compare_scalar_meta(op, self, other, BinaryOp_Ne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(ne_Scalar_out) */
int at_impl_ne_Scalar_out(StructuredOp* op, const Tensor* self, Scalar other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Ne, kOne);
}

/* ---- remainder: Python's % ---------------------------------------------------- */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(remainder, Tensor) */
int at_meta_remainder_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Remainder, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(remainder_out) */
int at_impl_remainder_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Remainder, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::remainder (Scalar) */
Tensor* at_native_remainder_Scalar(const Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_remainder_Tensor(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::remainder_ (Scalar) */
Tensor* at_native_remainder__Scalar(Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_remainder__Tensor(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::remainder_out (Scalar) */
Tensor* at_native_remainder_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_remainder_Tensor_out(self, w, out);
  Tensor_release(w);
  return r;
}
/* `5 % t`: the number is wrapped, t keeps its dtype.
 * PyTorch 1.13: BinaryOps.cpp at::native::remainder (Scalar, Tensor) */
Tensor* at_native_remainder_Scalar_Tensor(Scalar self, const Tensor* other) {
  Tensor* w = wrapped_scalar_tensor(self);
  if (w == NULL) return NULL;
  Tensor* r = at_remainder_Tensor(w, other);
  Tensor_release(w);
  return r;
}

/* ---- fmod: C's fmod ------------------------------------------------------------- */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC2(fmod, Tensor) */
int at_meta_fmod_Tensor(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Fmod, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(fmod_out) */
int at_impl_fmod_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Fmod, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::fmod (Scalar): at::fmod(self, wrapped_scalar_tensor(other)) */
Tensor* at_native_fmod_Scalar(const Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_fmod_Tensor(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::fmod_ (Scalar) */
Tensor* at_native_fmod__Scalar(Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_fmod__Tensor(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::fmod_out (Scalar) */
Tensor* at_native_fmod_Scalar_out(const Tensor* self, Scalar other, Tensor* out) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_fmod_Tensor_out(self, w, out);
  Tensor_release(w);
  return r;
}

/* ---- atan2 and its alias arctan2 ------------------------------------------------ */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(atan2) (build_borrowing_binary_float_op) */
int at_meta_atan2(StructuredOp* op, const Tensor* self, const Tensor* other) {
  return binary_op_meta(op, self, other, BinaryOp_Atan2, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(atan2_out) */
int at_impl_atan2_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Atan2, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::arctan2 (CompositeImplicitAutograd: at::atan2) */
Tensor* at_native_arctan2(const Tensor* self, const Tensor* other) { return at_atan2(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::arctan2_out */
Tensor* at_native_arctan2_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return at_atan2_out(self, other, out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::arctan2_ (self.atan2_(other)) */
Tensor* at_native_arctan2_(Tensor* self, const Tensor* other) { return at_atan2_(self, other); }

/* ---- floor_divide: Python's // -------------------------------------------------- */

/* PyTorch 1.13: BinaryOps.cpp at::native::floor_divide (div_floor_stub) */
Tensor* at_native_floor_divide(const Tensor* self, const Tensor* other) {
  return binary_op(NULL, self, other, BinaryOp_DivFloor, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::floor_divide_ */
Tensor* at_native_floor_divide_(Tensor* self, const Tensor* other) {
  return binary_op(self, self, other, BinaryOp_DivFloor, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::floor_divide_out */
Tensor* at_native_floor_divide_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return binary_op_out(out, self, other, BinaryOp_DivFloor, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::floor_divide (Scalar) */
Tensor* at_native_floor_divide_Scalar(const Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_floor_divide(self, w);
  Tensor_release(w);
  return r;
}
/* PyTorch 1.13: BinaryOps.cpp at::native::floor_divide_ (Scalar) */
Tensor* at_native_floor_divide__Scalar(Tensor* self, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return NULL;
  Tensor* r = at_floor_divide_out(self, w, self);
  Tensor_release(w);
  return r;
}

/* ---- maximum, minimum: elementwise, a NaN in either operand wins ----------- */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(maximum), TORCH_META_FUNC(minimum) */
static int complex_refused(const Tensor* self, const Tensor* other, const char* name) {
  TORCH_CHECK(!ScalarType_isComplex(self->dtype) && !ScalarType_isComplex(other->dtype),
              "%s not implemented for complex tensors.", name);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(maximum) */
int at_meta_maximum(StructuredOp* op, const Tensor* self, const Tensor* other) {
  if (complex_refused(self, other, "maximum") < 0) return -1;
  return binary_op_meta(op, self, other, BinaryOp_Maximum, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(maximum_out) */
int at_impl_maximum_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Maximum, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(minimum) */
int at_meta_minimum(StructuredOp* op, const Tensor* self, const Tensor* other) {
  if (complex_refused(self, other, "minimum") < 0) return -1;
  return binary_op_meta(op, self, other, BinaryOp_Minimum, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(minimum_out) */
int at_impl_minimum_out(StructuredOp* op, const Tensor* self, const Tensor* other, Tensor* out) {
  (void)self, (void)other, (void)out;
  return binary_op_run(op, BinaryOp_Minimum, kOne);
}

/* ---- the derivative loops of sigmoid and tanh, logical and/or ---------------- */

/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(sigmoid_backward) */
int at_meta_sigmoid_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* output) {
  return binary_op_meta(op, grad_output, output, BinaryOp_SigmoidBackward, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(sigmoid_backward_out) */
int at_impl_sigmoid_backward_out(StructuredOp* op, const Tensor* grad_output, const Tensor* output,
                                 Tensor* grad_input) {
  (void)grad_output, (void)output, (void)grad_input;
  return binary_op_run(op, BinaryOp_SigmoidBackward, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_META_FUNC(tanh_backward) */
int at_meta_tanh_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* output) {
  return binary_op_meta(op, grad_output, output, BinaryOp_TanhBackward, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp TORCH_IMPL_FUNC(tanh_backward_out) */
int at_impl_tanh_backward_out(StructuredOp* op, const Tensor* grad_output, const Tensor* output,
                              Tensor* grad_input) {
  (void)grad_output, (void)output, (void)grad_input;
  return binary_op_run(op, BinaryOp_TanhBackward, kOne);
}

/* logical_and / logical_or are comparison_op in 1.13: a bool result, or
 * 0/1 written into an in-place or out= tensor of any dtype.  The functional
 * and in-place forms (CompositeExplicitAutograd) call the out= form
 * through the dispatcher, so a lazy tensor reaches the Lazy backend (its
 * eager fallback: 1.13's TS backend does not lower logical_and.out). */

typedef Tensor* (*ComparisonOut)(const Tensor* self, const Tensor* other, Tensor* out);

/* PyTorch 1.13: BinaryOps.cpp comparison_op (result = at::empty({0}, self.options().dtype(kBool))) */
static Tensor* comparison_op(const Tensor* self, const Tensor* other, ComparisonOut out_impl) {
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format((IntArrayRef){&zero, 1}, (OptionalScalarType){true, ScalarType_Bool},
                                          kNoLayout, (OptionalDevice){true, self->device}, kNoPinMemory,
                                          kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = out_impl(self, other, result);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: BinaryOps.cpp at::native::logical_and (comparison_op) */
Tensor* at_native_logical_and(const Tensor* self, const Tensor* other) {
  return comparison_op(self, other, at_logical_and_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_and_ (comparison_op_: out_impl(self, self, other)) */
Tensor* at_native_logical_and_(Tensor* self, const Tensor* other) { return at_logical_and_out(self, other, self); }
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_and_out (comparison_op_out) */
Tensor* at_native_logical_and_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return binary_op_out(out, self, other, BinaryOp_LogicalAnd, kOne);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_or (comparison_op) */
Tensor* at_native_logical_or(const Tensor* self, const Tensor* other) {
  return comparison_op(self, other, at_logical_or_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_or_ (comparison_op_: out_impl(self, self, other)) */
Tensor* at_native_logical_or_(Tensor* self, const Tensor* other) { return at_logical_or_out(self, other, self); }
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_or_out (comparison_op_out) */
Tensor* at_native_logical_or_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return binary_op_out(out, self, other, BinaryOp_LogicalOr, kOne);
}

/* PyTorch 1.13: BinaryOps.cpp at::native::logical_xor (comparison_op) */
Tensor* at_native_logical_xor(const Tensor* self, const Tensor* other) {
  return comparison_op(self, other, at_logical_xor_out);
}
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_xor_ (comparison_op_: out_impl(self, self, other)) */
Tensor* at_native_logical_xor_(Tensor* self, const Tensor* other) { return at_logical_xor_out(self, other, self); }
/* PyTorch 1.13: BinaryOps.cpp at::native::logical_xor_out (comparison_op_out) */
Tensor* at_native_logical_xor_out(const Tensor* self, const Tensor* other, Tensor* out) {
  return binary_op_out(out, self, other, BinaryOp_LogicalXor, kOne);
}

/* ---- max and min of two tensors ----------------------------------------------
 * torch.max(a, b) and torch.min(a, b) are maximum and minimum under other
 * names (CompositeImplicitAutograd: the trace shows aten::maximum). */

/* PyTorch 1.13: BinaryOps.cpp at::native::max (Tensor, Tensor) */
Tensor* at_native_max_other(const Tensor* self, const Tensor* other) { return at_maximum(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::max_out (Tensor, Tensor) */
Tensor* at_native_max_out(const Tensor* self, const Tensor* other, Tensor* out) { return at_maximum_out(self, other, out); }
/* PyTorch 1.13: BinaryOps.cpp at::native::min (Tensor, Tensor) */
Tensor* at_native_min_other(const Tensor* self, const Tensor* other) { return at_minimum(self, other); }
/* PyTorch 1.13: BinaryOps.cpp at::native::min_out (Tensor, Tensor) */
Tensor* at_native_min_out(const Tensor* self, const Tensor* other, Tensor* out) { return at_minimum_out(self, other, out); }
