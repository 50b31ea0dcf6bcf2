/*
 * LossNLL.c - the negative log likelihood loss and cross entropy, as 1.13's
 * CPU kernels compute them.
 *
 * nll_loss_forward(.output): self is [C] (one sample, a 0-dim target) or
 * [N, C] (a [N] target); the loss of sample b is -self[b][target[b]] times
 * weight[target[b]] (1 without a weight), 0 where target[b] == ignore_index.
 * reduction None of a 2-d self returns the [N] losses; otherwise the output
 * is 0-dim: their sum, divided by total_weight for Mean.  total_weight (the
 * second output, 0-dim) is the sum of the weights of the samples not ignored
 * (their count without a weight).  The sums are 1.13's cascade: eight
 * partial sums, a level carried into the next each time the index b of the
 * sample just added has its next level_power bits zero; the levels are then
 * added from the lowest.  So `mean` is bit for bit 1.13's.  Every operation
 * computes in the scalar type (a BFloat16 sum is rounded after each step, as
 * c10::BFloat16's operators round).
 *
 * nll_loss_backward(.grad_input): zeros of self's shape, and at [b][target[b]]
 * -weight[target[b]] * grad_output[b] (None) or weight[target[b]] *
 * -(grad_output / total_weight) (Mean) or -grad_output (Sum).
 *
 * The targets are int64 or uint8 (1.13's two target_t); any other dtype is
 * the error of data_ptr<int64_t>(), "expected scalar type Long but found Int".
 * The computation types are float, double and bfloat16 ("nll_loss_out_frame"
 * not implemented for 'Half').
 *
 * nll_loss, nll_loss.out, nll_loss_nd, cross_entropy_loss: the
 * CompositeImplicitAutograd operators over them (log_softmax then nll_loss_nd;
 * the class-probability and label-smoothing forms over elementwise operators).
 *
 * PyTorch 1.13: aten/src/ATen/native/LossNLL.cpp
 */
#include <math.h>
#include <stdint.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* at::Reduction::Reduction.  PyTorch 1.13: aten/src/ATen/core/Reduction.h */
enum { Reduction_None = 0, Reduction_Mean = 1, Reduction_Sum = 2 };

/* A value as the scalar type holds it after an operation: a float rounded to
 * BFloat16 for BFloat16, unchanged for Float and Double (which compute in
 * double here: a float operation's exact result rounds alike). */
static double nll_round(ScalarType t, double v) {
  if (t == ScalarType_Float) return (float)v;
  if (t == ScalarType_BFloat16) return reduced_round(t, (float)v);
  return v;
}

/* The target at element offset i (in elements), as int64. */
static int64_t nll_target(const Tensor* target, int64_t offset) {
  const char* p = Tensor_data(target) + offset * (int64_t)Tensor_itemsize(target);
  return target->dtype == ScalarType_Byte ? (int64_t)*(const uint8_t*)p : *(const int64_t*)p;
}

static double nll_load(const Tensor* t, int64_t offset) {
  return load_double(t->dtype, Tensor_data(t) + offset * (int64_t)Tensor_itemsize(t));
}
static void nll_store(Tensor* t, int64_t offset, double v) {
  store_from_double(t->dtype, Tensor_data(t) + offset * (int64_t)Tensor_itemsize(t), v);
}

/* AT_DISPATCH_FLOATING_TYPES_AND(BFloat16) and the data_ptr<target_t>() /
 * data_ptr<scalar_t>() checks of the frames, in 1.13's order.  0, or -1. */
static int nll_check_dtypes(const char* name, const Tensor* self, const Tensor* target, const Tensor* weight) {
  ScalarType st = self->dtype;
  TORCH_CHECK(st == ScalarType_Float || st == ScalarType_Double || st == ScalarType_BFloat16,
              "\"%s\" not implemented for '%s'", name, ScalarType_name(st));
  (void)target;
  (void)weight;
  return 0;
fail:
  return -1;
}
static int nll_check_scalar(const Tensor* t, ScalarType expected) {
  TORCH_CHECK(t->dtype == expected, "expected scalar type %s but found %s", ScalarType_name(expected),
              ScalarType_name(t->dtype));
  return 0;
fail:
  return -1;
}
static int nll_check_target(const Tensor* target) {
  return target->dtype == ScalarType_Byte ? 0 : nll_check_scalar(target, ScalarType_Long);
}

/* The checks of the meta function shared by forward and backward.
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_forward), TORCH_META_FUNC(nll_loss_backward) */
static int nll_check_shapes(const Tensor* self, const Tensor* target) {
  char b1[256], b2[256];
  TORCH_CHECK(self->dim > 0 && self->dim <= 2, "input tensor should be 1D or 2D");
  TORCH_CHECK(target->dim <= 1, "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self->dim == 1 && target->dim == 0;
  TORCH_CHECK(no_batch_dim || self->sizes[0] == target->sizes[0], "size mismatch (got input: %s, target: %s)",
              IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1),
              IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
  return 0;
fail:
  return -1;
}

/* A structured kernel's output: out resized to sizes (dtype checked), or a new
 * tensor.  PyTorch 1.13: the generated set_output_raw_strided */
static Tensor* nll_set_output(Tensor* out, IntArrayRef sizes, ScalarType dtype) {
  if (out == NULL) return empty_cpu(sizes, dtype);
  TRY(check_out_dtype(out, dtype) == 0);
  TRY(resize_output(out, sizes) >= 0);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* The loss over the samples, into the 0-dim output and total_weight.
 * PyTorch 1.13: LossNLL.cpp nll_loss_out_frame (the reduction case) */
static int nll_loss_reduce(Tensor* output, Tensor* total_weight, const Tensor* input, const Tensor* target,
                           const Tensor* weight, int64_t reduction, int64_t ignore_index) {
  enum { kLevels = 8 }; /* cascade_sum_num_levels */
  ScalarType st = input->dtype;
  int64_t n_classes = input->sizes[input->dim - 1];
  int64_t batch_size = input->dim == 1 ? 1 : input->sizes[0];
  int64_t cstride = input->strides[input->dim - 1], bstride = input->dim == 1 ? 0 : input->strides[0];
  int64_t tstride = target->dim == 0 ? 0 : target->strides[0];
  int64_t log2 = batch_size <= 2 ? 1 : 64 - __builtin_clzll((unsigned long long)(batch_size - 1)); /* CeilLog2 */
  int64_t level_power = log2 / kLevels > 4 ? log2 / kLevels : 4;
  int64_t level_mask = ((int64_t)1 << level_power) - 1;
  int64_t num_ignored = 0;
  double weight_sums[kLevels] = {0}, loss_sums[kLevels] = {0};
  for (int64_t b = 0; b < batch_size; b++) {
    int64_t cur_target = nll_target(target, b * tstride);
    if (cur_target == ignore_index) {
      ++num_ignored;
      continue;
    }
    TORCH_CHECK_INDEX(cur_target >= 0 && cur_target < n_classes, "Target %lld is out of bounds.",
                      (long long)cur_target);
    double data = nll_load(input, b * bstride + cur_target * cstride);
    if (weight != NULL) {
      double w = nll_load(weight, cur_target * weight->strides[0]);
      loss_sums[0] = nll_round(st, loss_sums[0] - nll_round(st, data * w));
      weight_sums[0] = nll_round(st, weight_sums[0] + w);
    } else {
      loss_sums[0] = nll_round(st, loss_sums[0] - data);
    }
    for (int64_t j = 0; j + 1 < kLevels; ++j) {
      if ((b & (level_mask << (j * level_power))) != 0) break;
      weight_sums[j + 1] = nll_round(st, weight_sums[j + 1] + weight_sums[j]);
      loss_sums[j + 1] = nll_round(st, loss_sums[j + 1] + loss_sums[j]);
      weight_sums[j] = 0;
      loss_sums[j] = 0;
    }
  }
  double total = 0, out = 0;
  if (weight == NULL) {
    total = nll_round(st, (double)(batch_size - num_ignored));
  } else {
    for (int j = 0; j < kLevels; j++) total = nll_round(st, total + weight_sums[j]);
  }
  for (int j = 0; j < kLevels; j++) out = nll_round(st, out + loss_sums[j]);
  if (reduction == Reduction_Mean) out = nll_round(st, out / total);
  nll_store(output, 0, out);
  nll_store(total_weight, 0, total);
  return 0;
fail:
  return -1;
}

/* nll_loss_forward into output and total_weight (NULL: new ones).  Returns
 * new references to both, or {NULL, NULL} with PyTorch's error.
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_forward), nll_loss_forward_out_cpu_template,
 * nll_loss_out_frame */
static TensorTuple2 nll_loss_forward_impl(const Tensor* self, const Tensor* target, const Tensor* weight,
                                          int64_t reduction, int64_t ignore_index, Tensor* out, Tensor* tw_out) {
  TensorTuple2 r = {{NULL, NULL}};
  char b1[256];
  TRY(nll_check_shapes(self, target) == 0);
  int64_t n_classes = self->sizes[self->dim - 1];
  TORCH_CHECK(weight == NULL || (weight->dim == 1 && weight->numel == n_classes),
              "weight tensor should be defined either for all %lld classes or no classes but got weight tensor of "
              "shape: %s",
              (long long)n_classes, IntArrayRef_format(Tensor_sizes(weight), b1, sizeof b1));
  bool per_sample = reduction == Reduction_None && self->dim == 2;
  int64_t batch_size = self->sizes[0];
  TRY((r.items[0] = nll_set_output(out, IntArrayRef_make(&batch_size, per_sample ? 1 : 0), self->dtype)) != NULL);
  TRY((r.items[1] = nll_set_output(tw_out, IntArrayRef_make(NULL, 0), self->dtype)) != NULL);
  if (MetaMode_isEnabled()) return r;
  TRY(nll_check_dtypes("nll_loss_out_frame", self, target, weight) == 0);
  Tensor *output = r.items[0], *total_weight = r.items[1];
  nll_store(total_weight, 0, 0.0);
  if (weight != NULL) TRY(nll_check_scalar(weight, self->dtype) == 0);
  if (per_sample) {
    TRY(nll_check_target(target) == 0);
    for (int64_t i = 0; i < batch_size; i++) {
      int64_t cur_target = nll_target(target, i * target->strides[0]);
      int64_t o = i * output->strides[0];
      if (cur_target == ignore_index) {
        nll_store(output, o, 0.0);
        continue;
      }
      TORCH_CHECK_INDEX(cur_target >= 0 && cur_target < n_classes, "Target %lld is out of bounds.",
                        (long long)cur_target);
      double w = weight != NULL ? nll_load(weight, cur_target * weight->strides[0]) : 1.0;
      double x = nll_load(self, i * self->strides[0] + cur_target * self->strides[1]);
      ScalarType st = self->dtype;
      nll_store(output, o, nll_round(st, -x * w));
    }
    return r;
  }
  if (target->numel == 0) {
    /* Mean of nothing is NaN, the other reductions 0 */
    nll_store(output, 0, reduction == Reduction_Mean ? NAN : 0.0);
    return r;
  }
  TRY(nll_check_target(target) == 0);
  TRY(nll_loss_reduce(output, total_weight, self, target, weight, reduction, ignore_index) == 0);
  return r;
fail:
  Tensor_release(r.items[0]);
  Tensor_release(r.items[1]);
  r.items[0] = r.items[1] = NULL;
  return r;
}

/* PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_forward_out_cpu) */
TensorTuple2 at_native_nll_loss_forward_out_cpu(const Tensor* self, const Tensor* target, const Tensor* weight,
                                                int64_t reduction, int64_t ignore_index, Tensor* output,
                                                Tensor* total_weight) {
  return nll_loss_forward_impl(self, target, weight, reduction, ignore_index, output, total_weight);
}
/* PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_forward_out_cpu) (functional) */
TensorTuple2 at_native_nll_loss_forward_cpu(const Tensor* self, const Tensor* target, const Tensor* weight,
                                            int64_t reduction, int64_t ignore_index) {
  return nll_loss_forward_impl(self, target, weight, reduction, ignore_index, NULL, NULL);
}

/* nll_loss_backward into grad_input (NULL: a new one).  A new reference, or
 * NULL with PyTorch's error.
 * NB(minaten): with reduction None, 1.13 writes -w * grad_output[i] at
 * [i][target[i]] without checking the target, past the row (or the tensor)
 * for a target out of range; minaten raises "Target %lld is out of bounds."
 * there as the other paths do.
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_backward), nll_loss_backward_out_cpu_template,
 * nll_loss_backward_out_frame */
static Tensor* nll_loss_backward_impl(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                      const Tensor* weight, int64_t reduction, int64_t ignore_index,
                                      const Tensor* total_weight, Tensor* out) {
  Tensor* grad_input = NULL;
  char b1[256];
  TRY(nll_check_shapes(self, target) == 0);
  TORCH_CHECK(total_weight->numel == 1, "expected total_weight to be a  single element tensor, got: %s (%lld elements)",
              IntArrayRef_format(Tensor_sizes(total_weight), b1, sizeof b1), (long long)total_weight->numel);
  int64_t n_classes = self->sizes[self->dim - 1];
  TORCH_CHECK(weight == NULL || weight->numel == n_classes, "weight tensor should be defined either for all or no classes");
  bool per_sample = reduction == Reduction_None && self->dim == 2;
  if (per_sample) {
    int64_t batch_size = self->sizes[0];
    TORCH_CHECK(grad_output->dim == 1 && grad_output->sizes[0] == batch_size,
                "Expected a tensor of dimension 1 and tensor.size[0] == %lld but got: dimension %lld and "
                "tensor.size[0] = %lld",
                (long long)batch_size, (long long)grad_output->dim,
                (long long)(grad_output->dim > 0 ? grad_output->sizes[0] : 1));
  } else {
    TORCH_CHECK(grad_output->dim <= 1 && grad_output->numel == 1,
                "Expected a single element grad_output tensor, but got: %s",
                IntArrayRef_format(Tensor_sizes(grad_output), b1, sizeof b1));
  }
  TRY((grad_input = nll_set_output(out, Tensor_sizes(self), self->dtype)) != NULL);
  if (MetaMode_isEnabled()) return grad_input;
  if (grad_input->numel > 0) {
    Tensor* zeroed = at_zero_(grad_input);
    TRY(zeroed != NULL);
    Tensor_release(zeroed);
  }
  TRY(nll_check_dtypes("nll_loss_backward_out_frame", self, target, weight) == 0);
  ScalarType st = self->dtype;
  TRY(nll_check_target(target) == 0);
  if (weight != NULL) TRY(nll_check_scalar(weight, st) == 0);
  int64_t tstride = target->dim == 0 ? 0 : target->strides[0];
  int64_t batch_size = self->dim == 1 ? 1 : self->sizes[0];
  int64_t cstride = grad_input->strides[self->dim - 1], bstride = self->dim == 1 ? 0 : grad_input->strides[0];
  double grad = 0;
  if (per_sample) {
    TRY(nll_check_scalar(grad_output, st) == 0);
  } else {
    TRY(nll_check_scalar(total_weight, st) == 0);
    TRY(nll_check_scalar(grad_output, st) == 0);
    double go = nll_load(grad_output, 0), tw = nll_load(total_weight, 0);
    grad = -(reduction == Reduction_Mean ? nll_round(st, go / tw) : go);
  }
  for (int64_t i = 0; i < batch_size; i++) {
    int64_t t = nll_target(target, i * tstride);
    if (t == ignore_index) continue;
    TORCH_CHECK_INDEX(t >= 0 && t < n_classes, "Target %lld is out of bounds.", (long long)t);
    double w = weight != NULL ? nll_load(weight, t * weight->strides[0]) : 1.0;
    double v = nll_round(st, per_sample ? -w * nll_load(grad_output, i * grad_output->strides[0]) : w * grad);
    nll_store(grad_input, i * bstride + t * cstride, v);
  }
  return grad_input;
fail:
  Tensor_release(grad_input);
  return NULL;
}

/* PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_backward_out_cpu) */
Tensor* at_native_nll_loss_backward_out_cpu(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                            const Tensor* weight, int64_t reduction, int64_t ignore_index,
                                            const Tensor* total_weight, Tensor* grad_input) {
  return nll_loss_backward_impl(grad_output, self, target, weight, reduction, ignore_index, total_weight,
                                grad_input);
}
/* PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_backward_out_cpu) (functional) */
Tensor* at_native_nll_loss_backward_cpu(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                        const Tensor* weight, int64_t reduction, int64_t ignore_index,
                                        const Tensor* total_weight) {
  return nll_loss_backward_impl(grad_output, self, target, weight, reduction, ignore_index, total_weight, NULL);
}

/* PyTorch 1.13: LossNLL.cpp nll_loss_out */
Tensor* at_native_nll_loss_out(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                               int64_t ignore_index, Tensor* out) {
  int64_t zero = 0;
  Tensor* total_weight = at_empty_memory_format(IntArrayRef_make(&zero, 1), (OptionalScalarType){true, self->dtype},
                                                kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  if (total_weight == NULL) return NULL;
  TensorTuple2 r = at_nll_loss_forward_output(self, target, weight, reduction, ignore_index, out, total_weight);
  Tensor_release(total_weight);
  Tensor_release(r.items[1]);
  return r.items[0];
}

/* PyTorch 1.13: LossNLL.cpp nll_loss_symint */
Tensor* at_native_nll_loss(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                           int64_t ignore_index) {
  TensorTuple2 r = at_nll_loss_forward(self, target, weight, reduction, ignore_index);
  Tensor_release(r.items[1]);
  return r.items[0];
}

/* NB(minaten): a self of 3 or more dimensions goes to nll_loss2d in 1.13,
 * which minaten does not have yet: NotImplementedError after 1.13's checks.
 * PyTorch 1.13: LossNLL.cpp nll_loss_nd_symint */
Tensor* at_native_nll_loss_nd(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                              int64_t ignore_index) {
  char b1[256], b2[256];
  TORCH_CHECK_VALUE(self->dim >= 1, "Expected 1 or more dimensions (got %lld)", (long long)self->dim);
  /* NB(minaten): 1.13 reads sizes()[0] of a 0-dim target past its end (it
   * printed 0); minaten says 0. */
  int64_t target_batch = target->dim > 0 ? target->sizes[0] : 0;
  TORCH_CHECK_VALUE(self->dim == 1 || self->sizes[0] == target_batch,
                    "Expected input batch_size (%lld) to match target batch_size (%lld).", (long long)self->sizes[0],
                    (long long)target_batch);
  if (self->dim <= 2) return at_nll_loss(self, target, weight, reduction, ignore_index);
  if (self->dim != 4) {
    int64_t out_size[MINATEN_MAX_DIM];
    out_size[0] = self->sizes[0];
    for (int64_t i = 2; i < self->dim; i++) out_size[i - 1] = self->sizes[i];
    IntArrayRef expected = IntArrayRef_make(out_size, (size_t)self->dim - 1);
    bool same = target->dim == self->dim - 1;
    for (int64_t i = 1; same && i < target->dim; i++) same = target->sizes[i] == self->sizes[i + 1];
    TORCH_CHECK(same,
                "Expected target size %s, got %s", IntArrayRef_format(expected, b1, sizeof b1),
                IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
  }
  TORCH_CHECK_NOT_IMPLEMENTED(false, "minaten: nll_loss2d (nll_loss of a %lld-dimensional input) is not modelled yet",
                              (long long)self->dim);
fail:
  return NULL;
}

/* cross_entropy with class indices and no label smoothing: log_softmax over
 * the class dimension, then nll_loss_nd.
 * NB(minaten): class-probability targets (target of self's shape) and
 * label_smoothing > 0 are not modelled yet: NotImplementedError.
 * PyTorch 1.13: LossNLL.cpp cross_entropy_loss_symint */
Tensor* at_native_cross_entropy_loss(const Tensor* self, const Tensor* target, const Tensor* weight,
                                     int64_t reduction, int64_t ignore_index, double label_smoothing) {
  TORCH_CHECK_NOT_IMPLEMENTED(!Tensor_hasSizes(target, Tensor_sizes(self)),
                              "minaten: cross_entropy with class probabilities is not modelled yet");
  TORCH_CHECK_NOT_IMPLEMENTED(!(label_smoothing > 0.0), "minaten: cross_entropy with label_smoothing is not modelled yet");
  int64_t class_dim = self->dim == 1 ? 0 : 1;
  Tensor* input = at_log_softmax_int(self, class_dim, (OptionalScalarType){true, self->dtype});
  if (input == NULL) return NULL;
  Tensor* ret = at_nll_loss_nd(input, target, weight, reduction, ignore_index);
  Tensor_release(input);
  return ret;
fail:
  return NULL;
}
