/*
 * PointwiseOps.c - addcmul and addcdiv: out = self + value * tensor1 (*|/)
 * tensor2, elementwise over the three broadcast together.
 *
 * Both are structured in 1.13: the meta function builds a ternary
 * TensorIterator (build_ternary_op: promote_inputs_to_common_dtype and
 * enforce_safe_casting_to_output, but not cast_common_dtype_to_outputs), so
 * the result dtype is the three inputs' result_type (an integer self with
 * float tensors gives float), an in-place or out= output must be one the
 * common dtype casts to ("result type Float can't be cast to the desired
 * output type Long"), and the kernel's AT_DISPATCH_ALL_TYPES then refuses
 * Bool ("addcmul_cpu_out" not implemented for 'Bool') and converts value to
 * the common dtype with Scalar::to's overflow check.  addcdiv's meta first
 * refuses two integer (or bool) tensors, 1.13's long message about the old
 * integer division.
 *
 * An out= tensor of a dtype the common dtype casts to but is not (Double
 * for a Float result) passes the build and reaches 1.13's loop, whose
 * cpu_kernel_vec asserts that no operand needs a dynamic cast: 1.13 raises
 * that assert's RuntimeError, and minaten raises it too, word for word.
 *
 * PyTorch 1.13: aten/src/ATen/native/PointwiseOps.cpp (TORCH_META_FUNC(addcmul),
 * TORCH_META_FUNC(addcdiv), TORCH_IMPL_FUNC(addcmul_out), TORCH_IMPL_FUNC(addcdiv_out)),
 * TensorIterator.cpp build_ternary_op
 */
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/PointwiseOps.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: PointwiseOps.cpp DEFINE_DISPATCH(addcmul_stub), DEFINE_DISPATCH(addcdiv_stub) */
DEFINE_DISPATCH(addcmul_stub);
DEFINE_DISPATCH(addcdiv_stub);

/* The kernel's name in AT_DISPATCH's "not implemented" error. */
static const char* kernel_name(const DispatchStub* stub) {
  return stub == &addcmul_stub ? "addcmul_cpu_out" : "addcdiv_cpu_out";
}

/* The meta half of both: build_ternary_op over (out, self, tensor1,
 * tensor2) into op->iter.  0, or -1 with the error indicator set.
 * PyTorch 1.13: TensorIterator.cpp build_ternary_op */
static int ternary_op_meta(StructuredOp* op, const Tensor* self, const Tensor* tensor1, const Tensor* tensor2) {
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  config.promote_inputs_to_common_dtype = true;
  config.enforce_safe_casting_to_output = true;
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, tensor1);
  TensorIteratorConfig_add_input(&config, tensor2);
  return StructuredOp_build(op, &config);
}

/* The impl half of both: the kernel's dtype and value checks, then the
 * stub over the iterator.  0, or -1 with PyTorch's error.
 * PyTorch 1.13: PointwiseOpsKernel.cpp (AT_DISPATCH_ALL_TYPES_AND_COMPLEX, value.to<scalar_t>()) */
static int ternary_op_run(StructuredOp* op, Scalar value, DispatchStub* stub) {
  TensorIteratorBase* iter = &op->iter;
  ScalarType common = iter->common_dtype;
  if (MetaMode_isEnabled()) return 0; /* the kernel's checks run in its loop's place */
  if (common == ScalarType_Bool || common == ScalarType_Half) { /* 1.13's kernels have BFloat16, not Half */
    Error_set(ErrorType_RuntimeError, "\"%s\" not implemented for '%s'", kernel_name(stub), ScalarType_name(common));
    return -1;
  }
  char converted[MINATEN_MAX_ELEMENT_SIZE];
  if (store_scalar_checked(common, converted, value) < 0) return -1;
  if (iter->tensors[0]->dtype != common) { /* cpu_kernel_vec's assert (see the top of the file) */
    Error_set(ErrorType_RuntimeError,
              "!needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED at "
              "\"./aten/src/ATen/native/cpu/Loops.h\":347, please report a bug to PyTorch. ");
    return -1;
  }
  if (iter->numel > 0) ((pointwise_fn)DispatchStub_get(stub))(iter, value);
  return 0;
}

/* PyTorch 1.13: PointwiseOps.cpp TORCH_META_FUNC(addcmul) */
int at_meta_addcmul(StructuredOp* op, const Tensor* self, const Tensor* tensor1, const Tensor* tensor2, Scalar value) {
  (void)value;
  return ternary_op_meta(op, self, tensor1, tensor2);
}
/* PyTorch 1.13: PointwiseOps.cpp TORCH_IMPL_FUNC(addcmul_out) */
int at_impl_addcmul_out(StructuredOp* op, const Tensor* self, const Tensor* tensor1, const Tensor* tensor2,
                        Scalar value, Tensor* out) {
  (void)self, (void)tensor1, (void)tensor2, (void)out; /* the iterator holds them */
  return ternary_op_run(op, value, &addcmul_stub);
}

/* PyTorch 1.13: PointwiseOps.cpp TORCH_META_FUNC(addcdiv) (its check) */
static int addcdiv_check(const Tensor* tensor1, const Tensor* tensor2) {
  TORCH_CHECK(!(ScalarType_isIntegral(tensor1->dtype, true) && ScalarType_isIntegral(tensor2->dtype, true)),
              "Integer division with addcdiv is no longer supported, and in a future  "
              "release addcdiv will perform a true division of tensor1 and tensor2. "
              "The historic addcdiv behavior can be implemented as "
              "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) "
              "for integer inputs and as "
              "(input + value * tensor1 / tensor2) for float inputs. "
              "The future addcdiv behavior is just the latter implementation: "
              "(input + value * tensor1 / tensor2), for all dtypes.");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: PointwiseOps.cpp TORCH_META_FUNC(addcdiv) */
int at_meta_addcdiv(StructuredOp* op, const Tensor* self, const Tensor* tensor1, const Tensor* tensor2, Scalar value) {
  (void)value;
  if (addcdiv_check(tensor1, tensor2) < 0) return -1;
  return ternary_op_meta(op, self, tensor1, tensor2);
}
/* PyTorch 1.13: PointwiseOps.cpp TORCH_IMPL_FUNC(addcdiv_out) */
int at_impl_addcdiv_out(StructuredOp* op, const Tensor* self, const Tensor* tensor1, const Tensor* tensor2,
                        Scalar value, Tensor* out) {
  (void)self, (void)tensor1, (void)tensor2, (void)out;
  return ternary_op_run(op, value, &addcdiv_stub);
}
