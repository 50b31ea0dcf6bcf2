/*
 * Lerp.c - lerp: start + weight * (end - start), elementwise, with a number
 * or a tensor weight (Note [lerp's two formulas] in ops/cpu/LerpKernel.c).
 *
 * Both forms are structured in 1.13.  Their meta functions first require
 * end (and a tensor weight) to have self's dtype ("expected dtype float for
 * `end` but got dtype double"), then build the iterator: with a number
 * weight build_binary_op (so an out= of a wider dtype receives the result
 * converted), with a tensor weight a plain TensorIteratorConfig, whose
 * check_all_same_dtype refuses an out= of another dtype ("Found dtype Double
 * but expected Float").  The kernels' AT_DISPATCH takes Float, Double and BFloat16
 * only ("lerp_kernel_scalar" not implemented for 'Int'), and converts a
 * number weight with Scalar::to's overflow check.
 *
 * PyTorch 1.13: aten/src/ATen/native/Lerp.cpp (TORCH_META_FUNC(lerp_Scalar),
 * TORCH_META_FUNC(lerp_Tensor), TORCH_IMPL_FUNC(lerp_Scalar), TORCH_IMPL_FUNC(lerp_Tensor))
 */
#include "NativeFunctions.h"
#include "ops/Lerp.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: Lerp.cpp DEFINE_DISPATCH(lerp_kernel_scalar_weight), DEFINE_DISPATCH(lerp_kernel_tensor_weight) */
DEFINE_DISPATCH(lerp_kernel_scalar_weight);
DEFINE_DISPATCH(lerp_kernel_tensor_weight);

/* PyTorch 1.13: Lerp.cpp TORCH_META_FUNC(lerp_Scalar), TORCH_META_FUNC(lerp_Tensor) (the dtype checks) */
static int lerp_check_dtype(const Tensor* self, const Tensor* other, const char* name) {
  TORCH_CHECK(self->dtype == other->dtype, "expected dtype %s for `%s` but got dtype %s",
              ScalarType_typeMetaName(self->dtype), name, ScalarType_typeMetaName(other->dtype));
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Lerp.cpp TORCH_META_FUNC(lerp_Scalar) (build_binary_op) */
int at_meta_lerp_Scalar(StructuredOp* op, const Tensor* self, const Tensor* end, Scalar weight) {
  (void)weight;
  if (lerp_check_dtype(self, end, "end") < 0) return -1;
  TensorIteratorConfig config;
  TensorIteratorConfig_binary_op(&config);
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, end);
  return StructuredOp_build(op, &config);
}

/* The kernels' AT_DISPATCH: Float, Double and BFloat16 only.
 * PyTorch 1.13: native/cpu/LerpKernel.cpp (AT_DISPATCH_FLOATING_TYPES_AND(kBFloat16)) */
static int lerp_kernel_dtype(ScalarType common, const char* kernel) {
  TORCH_CHECK(common == ScalarType_Float || common == ScalarType_Double || common == ScalarType_BFloat16,
              "\"%s\" not implemented for '%s'", kernel, ScalarType_name(common));
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Scalar) */
int at_impl_lerp_Scalar(StructuredOp* op, const Tensor* self, const Tensor* end, Scalar weight, Tensor* out) {
  (void)self, (void)end, (void)out; /* the iterator holds them */
  TensorIteratorBase* iter = &op->iter;
  if (MetaMode_isEnabled()) return 0;
  if (lerp_kernel_dtype(iter->common_dtype, "lerp_kernel_scalar") < 0) return -1;
  char converted[MINATEN_MAX_ELEMENT_SIZE];
  if (store_scalar_checked(iter->common_dtype, converted, weight) < 0) return -1;
  if (iter->numel > 0) ((lerp_fn_scalar)DispatchStub_get(&lerp_kernel_scalar_weight))(iter, weight);
  return 0;
}

/* PyTorch 1.13: Lerp.cpp TORCH_META_FUNC(lerp_Tensor) (a plain TensorIteratorConfig) */
int at_meta_lerp_Tensor(StructuredOp* op, const Tensor* self, const Tensor* end, const Tensor* weight) {
  if (lerp_check_dtype(self, end, "end") < 0 || lerp_check_dtype(self, weight, "weight") < 0) return -1;
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, end);
  TensorIteratorConfig_add_input(&config, weight);
  return StructuredOp_build(op, &config);
}

/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Tensor) */
int at_impl_lerp_Tensor(StructuredOp* op, const Tensor* self, const Tensor* end, const Tensor* weight, Tensor* out) {
  (void)self, (void)end, (void)weight, (void)out;
  TensorIteratorBase* iter = &op->iter;
  if (MetaMode_isEnabled()) return 0;
  if (lerp_kernel_dtype(iter->common_dtype, "lerp_kernel_tensor") < 0) return -1;
  if (iter->numel > 0) ((lerp_fn_tensor)DispatchStub_get(&lerp_kernel_tensor_weight))(iter);
  return 0;
}
