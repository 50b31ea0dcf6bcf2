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

/* lerp with a number weight into out (NULL: a new output; self: in place;
 * resize_out: an out= form).  Returns the output as a new reference, or
 * NULL with PyTorch's error.
 * PyTorch 1.13: Lerp.cpp TORCH_META_FUNC(lerp_Scalar) (build_binary_op), TORCH_IMPL_FUNC(lerp_Scalar) */
static Tensor* lerp_scalar_impl(Tensor* out, bool resize_out, const Tensor* self, const Tensor* end, Scalar weight) {
  TRY(lerp_check_dtype(self, end, "end") == 0);
  TensorIteratorConfig config;
  TensorIteratorConfig_binary_op(&config);
  config.resize_outputs = resize_out; /* NB(minaten): an in-place or functional call never resizes */
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, end);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) {
    ScalarType common = iter.common_dtype;
    if (common != ScalarType_Float && common != ScalarType_Double && common != ScalarType_BFloat16) {
      Error_set(ErrorType_RuntimeError, "\"lerp_kernel_scalar\" not implemented for '%s'", ScalarType_name(common));
      goto release;
    }
    char converted[MINATEN_MAX_ELEMENT_SIZE];
    if (store_scalar_checked(common, converted, weight) < 0) goto release;
    if (iter.numel > 0) ((lerp_fn_scalar)DispatchStub_get(&lerp_kernel_scalar_weight))(&iter, weight);
  }
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
release:
  TensorIterator_release(&iter);
fail:
  return NULL;
}

/* lerp with a tensor weight, as lerp_scalar_impl.
 * PyTorch 1.13: Lerp.cpp TORCH_META_FUNC(lerp_Tensor), TORCH_IMPL_FUNC(lerp_Tensor) */
static Tensor* lerp_tensor_impl(Tensor* out, bool resize_out, const Tensor* self, const Tensor* end,
                                const Tensor* weight) {
  TRY(lerp_check_dtype(self, end, "end") == 0);
  TRY(lerp_check_dtype(self, weight, "weight") == 0);
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.resize_outputs = resize_out;
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, end);
  TensorIteratorConfig_add_input(&config, weight);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) {
    ScalarType common = iter.common_dtype;
    if (common != ScalarType_Float && common != ScalarType_Double && common != ScalarType_BFloat16) {
      Error_set(ErrorType_RuntimeError, "\"lerp_kernel_tensor\" not implemented for '%s'", ScalarType_name(common));
      TensorIterator_release(&iter);
      return NULL;
    }
    if (iter.numel > 0) ((lerp_fn_tensor)DispatchStub_get(&lerp_kernel_tensor_weight))(&iter);
  }
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
fail:
  return NULL;
}

/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Scalar) */
Tensor* at_native_lerp_Scalar(const Tensor* self, const Tensor* end, Scalar weight) {
  return lerp_scalar_impl(NULL, false, self, end, weight);
}
/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Scalar) (in place) */
Tensor* at_native_lerp__Scalar(Tensor* self, const Tensor* end, Scalar weight) {
  return lerp_scalar_impl(self, false, self, end, weight);
}
/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Scalar) (out=) */
Tensor* at_native_lerp_Scalar_out(const Tensor* self, const Tensor* end, Scalar weight, Tensor* out) {
  return lerp_scalar_impl(out, true, self, end, weight);
}
/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Tensor) */
Tensor* at_native_lerp_Tensor(const Tensor* self, const Tensor* end, const Tensor* weight) {
  return lerp_tensor_impl(NULL, false, self, end, weight);
}
/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Tensor) (in place) */
Tensor* at_native_lerp__Tensor(Tensor* self, const Tensor* end, const Tensor* weight) {
  return lerp_tensor_impl(self, false, self, end, weight);
}
/* PyTorch 1.13: Lerp.cpp TORCH_IMPL_FUNC(lerp_Tensor) (out=) */
Tensor* at_native_lerp_Tensor_out(const Tensor* self, const Tensor* end, const Tensor* weight, Tensor* out) {
  return lerp_tensor_impl(out, true, self, end, weight);
}
