/*
 * Loss.c - mse_loss and mse_loss_backward.
 *
 * mse_loss is a structured binary operator: its input and target broadcast
 * together and promote to their common dtype (build_borrowing_binary_op),
 * each element is (input - target) * (input - target) (the difference
 * rounded to the dtype, then squared: BinaryOpsKernel.cpp mse_kernel, for
 * Float, Double and Half only), and reduction Mean or Sum then reduces the
 * whole loss with mean or sum.  mse_loss_backward writes
 * norm * (input - target) * grad_output (norm = 2 / numel for Mean, else 2)
 * into zeros shaped like input, through a TensorIterator that wants every
 * operand in one dtype (PointwiseOpsKernel.cpp mse_backward_cpu_kernel).
 *
 * The reduction is an int (at::Reduction: 0 None, 1 Mean, 2 Sum).  Note the
 * quirk of 1.13's Python binding: the schema's default `reduction=Mean`
 * reads as 0 there (Note [The Python default of reduction=Mean] in
 * csrc/utils/python_arg_parser.c), so
 * torch._C._nn.mse_loss(a, b) does not reduce; torch.nn.functional.mse_loss
 * always passes the reduction.
 *
 * PyTorch 1.13: aten/src/ATen/native/Loss.cpp (TORCH_META_FUNC(mse_loss),
 * TORCH_IMPL_FUNC(mse_loss_out), mse_loss_backward, mse_loss_backward_out)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/ExpandUtils.h"
#include "ops/MetaMode.h"
#include "ops/PointwiseOps.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/TypeProperties.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: Loss.cpp DEFINE_DISPATCH(mse_backward_stub) */
DEFINE_DISPATCH(mse_backward_stub);

enum { kReductionNone = 0, kReductionMean = 1, kReductionSum = 2 };

/* The meta function's assertion on the reduction, raised as 1.13 raises
 * it (a RuntimeError naming its source line). */
static int check_reduction(int64_t reduction) {
  TORCH_CHECK(reduction >= kReductionNone && reduction <= kReductionSum,
              "reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "
              "\"./aten/src/ATen/native/Loss.cpp\":50, please report a bug to PyTorch. ");
  return 0;
fail:
  return -1;
}

/* (self - target) ** 2 elementwise, broadcast, in the common dtype: into a
 * new tensor (out NULL) or into out (an out= form, resized and cast as a
 * binary operator's).  The broadcast is checked first, then the kernel's
 * dtypes.  A new reference, or NULL with the error set.
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp mse_kernel
 * (AT_DISPATCH_FLOATING_TYPES_AND(kHalf, "mse_cpu"), TORCH_WARN_ONCE for Half) */
static Tensor* mse(Tensor* out, const Tensor* self, const Tensor* target) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  TRY(broadcast_shape(Tensor_sizes(self), Tensor_sizes(target), shape, &ndim) == 0);
  ScalarType common = result_type(self, target);
  TORCH_CHECK(common == ScalarType_Float || common == ScalarType_Double || common == ScalarType_Half,
              "\"mse_cpu\" not implemented for '%s'", ScalarType_name(common));
  if (common == ScalarType_Half)
    Warning_warn("Applying the CPU mse kernel on half-type tensors. This may be slower than using float or "
                 "double-type tensors. (Triggered internally at  ./aten/src/ATen/native/cpu/BinaryOpsKernel.cpp:821.)");
  Tensor* diff = binary_op(NULL, self, target, BinaryOp_Sub, Scalar_fromLong(1));
  TRY(diff != NULL);
  Tensor* loss = out != NULL ? binary_op_out(out, diff, diff, BinaryOp_Mul, Scalar_fromLong(1))
                             : binary_op(NULL, diff, diff, BinaryOp_Mul, Scalar_fromLong(1));
  Tensor_release(diff);
  return loss;
fail:
  return NULL;
}

/* The binary iterator of input and target (broadcast, promoted), then
 * the reduction asserted and, for mean and sum, the output resized to a
 * 0-dim tensor (a plain resize_: an out= that held elements is first
 * resized to the broadcast shape, with resize_output's warning, as in
 * 1.13).
 * PyTorch 1.13: Loss.cpp TORCH_META_FUNC(mse_loss) */
int at_meta_mse_loss(StructuredOp* op, const Tensor* self, const Tensor* target, int64_t reduction) {
  static const Scalar one = {ScalarTag_Long, {.i = 1}};
  TRY(binary_op_meta(op, self, target, BinaryOp_Sub, one) == 0);
  TRY(check_reduction(reduction) == 0);
  if (reduction != kReductionNone) TRY(Tensor_resizeContiguous(op->outputs[0], IntArrayRef_make(NULL, 0)) == 0);
  return 0;
fail:
  return -1;
}

/* The squared differences into out, or, for mean and sum, into a new
 * tensor that mean.out or sum.IntList_out reduces into out.
 * NB(minaten): the squares are computed by mse() (two binary operations),
 * not on the meta function's iterator.
 * PyTorch 1.13: Loss.cpp TORCH_IMPL_FUNC(mse_loss_out) */
int at_impl_mse_loss_out(StructuredOp* op, const Tensor* self, const Tensor* target, int64_t reduction, Tensor* out) {
  (void)op;
  if (reduction == kReductionNone) return done_in_place(mse(out, self, target));
  Tensor* loss = mse(NULL, self, target);
  if (loss == NULL) return -1;
  OptionalIntArrayRef all = {true, {NULL, 0}};
  int rc = done_in_place(reduction == kReductionMean ? at_mean_out(loss, all, false, kNoDtype, out)
                                                     : at_sum_IntList_out(loss, all, false, kNoDtype, out));
  Tensor_release(loss);
  return rc;
}

/* PyTorch 1.13: Loss.cpp mse_loss_backward_out */
Tensor* at_native_mse_loss_backward_out(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                        int64_t reduction, Tensor* grad_input) {
  double norm = reduction == kReductionMean ? 2. / (double)self->numel : 2.;
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config); /* every operand in one dtype */
  TensorIteratorConfig_add_output(&config, grad_input);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorConfig_add_input(&config, target);
  TensorIteratorConfig_add_input(&config, grad_output);
  TensorIteratorBase iter;
  if (TensorIterator_build(&iter, &config) < 0) return NULL;
  ScalarType dtype = iter.common_dtype;
  if (dtype == ScalarType_Bool || ScalarType_isReducedFloating(dtype)) { /* AT_DISPATCH_ALL_TYPES */
    Error_set(ErrorType_RuntimeError, "\"mse_backward_cpu_out\" not implemented for '%s'", ScalarType_name(dtype));
    TensorIterator_release(&iter);
    return NULL;
  }
  if (iter.numel > 0 && !MetaMode_isEnabled())
    ((mse_backward_fn)DispatchStub_get(&mse_backward_stub))(&iter, Scalar_fromDouble(norm));
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
}

/* PyTorch 1.13: Loss.cpp mse_loss_backward */
Tensor* at_native_mse_loss_backward(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                    int64_t reduction) {
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous}; /* LEGACY_CONTIGUOUS_MEMORY_FORMAT */
  Tensor* grad_input = at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, contiguous);
  if (grad_input == NULL) return NULL;
  Tensor* r = at_native_mse_loss_backward_out(grad_output, self, target, reduction, grad_input);
  Tensor_release(grad_input);
  return r;
}
