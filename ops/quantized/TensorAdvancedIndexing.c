/*
 * TensorAdvancedIndexing.c - advanced indexing reads (index.Tensor, so
 * `q[idx]` and `q[mask]`), index_select and masked_fill_ on per-tensor
 * quantized tensors (QuantizedCPU).
 *
 * Reading: 1.13 dequantizes, runs the CPU index with its checks and errors
 * (index out of bounds, mask shape, index dtype), and quantizes the result
 * again with self's scale, zero point and dtype.  A per-channel self is
 * refused by a TORCH_INTERNAL_ASSERT whose text 1.13 raises as a
 * RuntimeError; minaten raises the same text (NB(minaten): a TORCH_CHECK
 * here, since user input reaches it).
 *
 * masked_fill_: the value, as a float, is quantized once with self's scale
 * and zero point (quantize_val) and its integer stored where the mask,
 * broadcast to self's shape (never the other way: "output with shape ...
 * doesn't match the broadcast shape ..."), is set.  1.13's quantized kernel
 * reads a bool mask as bool and a mask of any other dtype as bytes: the
 * first (lowest) byte of each element decides, and must be 0 or 1 ("Mask
 * tensor can take 0 and 1 values only", raised at the first other byte,
 * after the elements before it in row-major order were written), so an
 * int64 mask of 256 selects nothing and a float mask of 0.5 selects nothing
 * either.  A uint8 mask warns as deprecated.  The Tensor form wants a 0-dim value.  Only
 * per-tensor affine tensors are accepted; `self.qscheme()` is asked through
 * the dispatcher, so a float self with a quantized mask or value fails there
 * (aten::qscheme has no CPU kernel).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp quantized_index,
 * index_select_quantized_cpu_;
 * aten/src/ATen/native/quantized/TensorAdvancedIndexing.cpp
 * (masked_fill__quantized_cpu, masked_fill_impl_quantized_cpu);
 * aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp
 * masked_fill_kernel_quantized_cpu
 */
#include <stdalign.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ExpandUtils.h"
#include "ops/Fill.h"
#include "ops/IndexKernel.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* 0 if self is per-tensor affine (asked through the dispatcher, as
 * self.qscheme() is), else -1 with the error; `what` picks the message. */
static int check_per_tensor(const Tensor* self, bool indexing) {
  QScheme scheme = at_qscheme(self);
  if (Error_occurred()) return -1;
  if (indexing) {
    TORCH_CHECK(scheme == QScheme_PerTensorAffine,
                "self.qscheme() == c10::kPerTensorAffine || self.qscheme() == c10::kPerTensorSymmetric INTERNAL "
                "ASSERT FAILED at \"./aten/src/ATen/native/TensorAdvancedIndexing.cpp\":565, please report a bug to "
                "PyTorch. Indexing is only supported for per-Tensor quantized Tensors.");
  } else {
    TORCH_CHECK(scheme == QScheme_PerTensorAffine,
                "masked_fill__quantized_cpu for quantized tensors is currently only supported for per tensor "
                "quantized tensors");
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp at::native::quantized_index */
Tensor* at_native_quantized_index(const Tensor* self, TensorList indices) {
  Tensor *self_dq = NULL, *res = NULL, *r = NULL;
  TRY(check_per_tensor(self, true) == 0);
  TRY((self_dq = at_dequantize_self(self)) != NULL);
  TRY((res = at_index_Tensor(self_dq, indices)) != NULL);
  r = at_quantize_per_tensor(res, self->quantizer->scale, self->quantizer->zero_point, self->dtype);
fail:
  Tensor_release(self_dq);
  Tensor_release(res);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp at::native::index_select_quantized_cpu_
 * (empty_quantized, then index_select_out_cpu_ on the quantized tensor).
 * NB(minaten): the CPU index_select kernel runs on int_repr() and its result is
 * wrapped with self's scale and zero point: the same integers, checks and
 * errors, and a contiguous result as 1.13's. */
Tensor* at_native_index_select_quantized_cpu_(const Tensor* self, int64_t dim, const Tensor* index) {
  Tensor *repr = NULL, *picked = NULL, *r = NULL;
  QScheme scheme = at_qscheme(self);
  TRY(!Error_occurred());
  TORCH_CHECK(scheme == QScheme_PerTensorAffine,
              "Only per_tensor quantized quantized tensors are supported by index_select.");
  TRY((repr = at_int_repr(self)) != NULL);
  /* the CPU kernel itself, not the operator: 1.13 calls
   * at::native::index_select_out_cpu_, so a quantized index does not
   * dispatch back here but fails the kernel's dtype check */
  TRY((picked = at_native_index_select_cpu_(repr, dim, index)) != NULL);
  r = at__make_per_tensor_quantized_tensor(picked, self->quantizer->scale, self->quantizer->zero_point);
fail:
  Tensor_release(repr);
  Tensor_release(picked);
  return r;
}

/* masked_fill_impl_quantized_cpu with the value already a Scalar. */
static Tensor* masked_fill_quantized(Tensor* self, const Tensor* mask, Scalar value) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  if (mask->dtype == ScalarType_Byte)
    Warning_warn("masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a "
                 "mask with dtype torch.bool instead. (Triggered internally at  "
                 "./aten/src/ATen/native/quantized/TensorAdvancedIndexing.cpp:36.)");
  if (has_internal_overlap(self))
    Warning_warn("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing "
                 "this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered "
                 "internally at  ./aten/src/ATen/native/quantized/TensorAdvancedIndexing.cpp:41.)");
  TRY(assert_no_partial_overlap(self, mask) == 0);
  TRY(broadcast_shape(Tensor_sizes(self), Tensor_sizes(mask), shape, &ndim) == 0);
  {
    char b1[256], b2[256];
    TORCH_CHECK(Tensor_hasSizes(self, IntArrayRef_make(shape, ndim)),
                "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1),
                IntArrayRef_format(IntArrayRef_make(shape, ndim), b2, sizeof b2));
  }
  if (MetaMode_isEnabled() || self->numel == 0) return Tensor_retain(self);
  /* value.to<float>(), with its overflow check */
  float fvalue;
  TRY(store_scalar_checked(ScalarType_Float, (char*)&fvalue, value) == 0);
  int64_t qmin, qmax;
  qint_range(self->dtype, &qmin, &qmax);
  alignas(8) char bytes[MINATEN_MAX_ELEMENT_SIZE]; /* the quantized value stored as self's dtype */
  qint_store(self->dtype, bytes, 0,
             quantize_val(self->quantizer->scale, self->quantizer->zero_point, fvalue, qmin, qmax));
  TRY(cpu_masked_fill_kernel(self, mask, bytes, Tensor_itemsize(self)) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorAdvancedIndexing.cpp at::native::masked_fill__quantized_cpu (Scalar) */
Tensor* at_native_masked_fill__quantized_cpu(Tensor* self, const Tensor* mask, Scalar value) {
  if (check_per_tensor(self, false) < 0) return NULL;
  return masked_fill_quantized(self, mask, value);
}


/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorAdvancedIndexing.cpp at::native::masked_fill__quantized_cpu (Tensor) */
Tensor* at_native_masked_fill__quantized_cpu_Tensor(Tensor* self, const Tensor* mask, const Tensor* value) {
  TRY(check_per_tensor(self, false) == 0);
  TORCH_CHECK(value->dim == 0,
              "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %lld dimension(s).",
              (long long)value->dim);
  return masked_fill_quantized(self, mask, item_scalar(value));
fail:
  return NULL;
}
