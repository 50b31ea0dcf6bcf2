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
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
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
/* weight[c] of weight.contiguous() read flat, as 1.13's weight_data[c]: the
 * backward and nll_loss2d check only weight's numel, not its shape. */
static double nll_weight(const Tensor* weight, int64_t c) {
  int64_t offset = 0;
  for (int64_t d = weight->dim - 1; d >= 0; d--) {
    int64_t size = weight->sizes[d];
    offset += (c % size) * weight->strides[d];
    c /= size;
  }
  return nll_load(weight, offset);
}

/* AT_DISPATCH_FLOATING_TYPES_AND(BFloat16, ...).  0, or -1. */
static int nll_check_dispatch(const char* name, ScalarType st) {
  TORCH_CHECK(st == ScalarType_Float || st == ScalarType_Double || st == ScalarType_BFloat16,
              "\"%s\" not implemented for '%s'", name, ScalarType_name(st));
  return 0;
fail:
  return -1;
}

/* The checks of the meta function shared by forward and backward.
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_forward), TORCH_META_FUNC(nll_loss_backward) */
static int nll_check_shapes(const Tensor* self, const Tensor* target) {
  char b1[256], b2[256];
  TORCH_CHECK(self->dim > 0 && self->dim <= 2, "input tensor should be 1D or 2D");
  TORCH_CHECK(target->dim <= 1, "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self->dim == 1 && target->dim == 0;
  TORCH_CHECK_INDEX(no_batch_dim || target->dim > 0, "Dimension specified as 0 but tensor has no dimensions");
  TORCH_CHECK(no_batch_dim || self->sizes[0] == target->sizes[0], "size mismatch (got input: %s, target: %s)",
              IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1),
              IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
  return 0;
fail:
  return -1;
}

/* Where the samples are: sample i (0 <= i < count, in row-major order of
 * the target's positions [N][H][W], H = W = 1 for nll_loss) has its target
 * at element offset toff and its class c at ioff + c * is_c of the input. */
typedef struct NllSamples {
  int64_t count, H, W;
  int64_t ts_b, ts_h, ts_w; /* target strides */
  int64_t is_b, is_c, is_h, is_w; /* input strides */
} NllSamples;

static void nll_sample(const NllSamples* s, int64_t i, int64_t* toff, int64_t* ioff) {
  int64_t map = s->H * s->W, b = i / map, e = i % map, h = e / s->W, w = e % s->W;
  *toff = b * s->ts_b + h * s->ts_h + w * s->ts_w;
  *ioff = b * s->is_b + h * s->is_h + w * s->is_w;
}

/* nll_loss's samples: self [C] with a 0-dim target, or [N, C] with [N]. */
static NllSamples nll_samples_1d2d(const Tensor* self, const Tensor* target) {
  NllSamples s = {self->dim == 1 ? 1 : self->sizes[0], 1, 1, target->dim == 0 ? 0 : target->strides[0], 0, 0,
                  self->dim == 1 ? 0 : self->strides[0], self->strides[self->dim - 1], 0, 0};
  return s;
}
/* nll_loss2d's samples: self [N, C, H, W], target [N, H, W]. */
static NllSamples nll_samples_2d(const Tensor* self, const Tensor* target) {
  NllSamples s = {self->sizes[0] * self->sizes[2] * self->sizes[3], self->sizes[2], self->sizes[3],
                  target->strides[0], target->strides[1], target->strides[2],
                  self->strides[0], self->strides[1], self->strides[2], self->strides[3]};
  return s;
}

/* The loss over the samples, into the 0-dim output and total_weight.
 * PyTorch 1.13: LossNLL.cpp nll_loss_out_frame, LossNLL2d.cpp nll_loss2d_forward_out_frame (the reduction case) */
static int nll_loss_reduce(Tensor* output, Tensor* total_weight, const Tensor* input, const Tensor* target,
                           const Tensor* weight, int64_t reduction, int64_t ignore_index, int64_t n_classes,
                           const NllSamples* s) {
  enum { kLevels = 8 }; /* cascade_sum_num_levels */
  ScalarType st = input->dtype;
  int64_t numiter = s->count;
  int64_t log2 = numiter <= 2 ? 1 : 64 - __builtin_clzll((unsigned long long)(numiter - 1)); /* CeilLog2 */
  int64_t level_power = log2 / kLevels > 4 ? log2 / kLevels : 4;
  int64_t level_mask = ((int64_t)1 << level_power) - 1;
  int64_t num_ignored = 0;
  double weight_sums[kLevels] = {0}, loss_sums[kLevels] = {0};
  for (int64_t b = 0; b < numiter; b++) {
    int64_t toff, ioff;
    nll_sample(s, b, &toff, &ioff);
    int64_t cur_target = nll_target(target, toff);
    if (cur_target == ignore_index) {
      ++num_ignored;
      continue;
    }
    TORCH_CHECK_INDEX(cur_target >= 0 && cur_target < n_classes, "Target %lld is out of bounds.",
                      (long long)cur_target);
    double data = nll_load(input, ioff + cur_target * s->is_c);
    if (weight != NULL) {
      double w = nll_weight(weight, cur_target);
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
    total = nll_round(st, (double)(numiter - num_ignored));
  } else {
    for (int j = 0; j < kLevels; j++) total = nll_round(st, total + weight_sums[j]);
  }
  for (int j = 0; j < kLevels; j++) out = nll_round(st, out + loss_sums[j]);
  if (reduction == Reduction_Mean) out = nll_round(st, out / total);
  TRY(nll_check_scalar(output, st) == 0); /* an out= of nll_loss2d: data_ptr<scalar_t>() */
  nll_store(output, 0, out);
  nll_store(total_weight, 0, total);
  return 0;
fail:
  return -1;
}

/* The per-sample losses (reduction None) into output, laid out as the
 * target's positions.  PyTorch 1.13: LossNLL.cpp nll_loss_out_frame, LossNLL2d.cpp
 * nll_loss2d_forward_out_frame (the None case) */
static int nll_loss_none(Tensor* output, const Tensor* input, const Tensor* target, const Tensor* weight,
                         int64_t ignore_index, int64_t n_classes, const NllSamples* s) {
  ScalarType st = input->dtype;
  NllSamples os = *s; /* the output's strides, as a target's */
  os.ts_b = output->strides[0];
  os.ts_h = output->dim == 3 ? output->strides[1] : 0;
  os.ts_w = output->dim == 3 ? output->strides[2] : 0;
  for (int64_t i = 0; i < s->count; i++) {
    int64_t toff, ioff, ooff, unused;
    nll_sample(s, i, &toff, &ioff);
    nll_sample(&os, i, &ooff, &unused);
    int64_t cur_target = nll_target(target, toff);
    if (cur_target == ignore_index) {
      nll_store(output, ooff, 0.0);
      continue;
    }
    TORCH_CHECK_INDEX(cur_target >= 0 && cur_target < n_classes, "Target %lld is out of bounds.",
                      (long long)cur_target);
    double w = weight != NULL ? nll_weight(weight, cur_target) : 1.0;
    double x = nll_load(input, ioff + cur_target * s->is_c);
    nll_store(output, ooff, nll_round(st, -x * w));
  }
  return 0;
fail:
  return -1;
}

/* The gradient into the zeroed grad_input (of input's strides): at each
 * sample's target class -w * grad_output[sample] (per_sample) or w * grad.
 * NB(minaten): with reduction None, 1.13 writes there without checking the
 * target, past the row (or the tensor) for a target out of range; minaten
 * raises "Target %lld is out of bounds." as the other paths do.
 * PyTorch 1.13: LossNLL.cpp nll_loss_backward_out_frame, LossNLL2d.cpp nll_loss2d_backward_out_frame */
static int nll_loss_grad(Tensor* grad_input, const Tensor* grad_output, const Tensor* target, const Tensor* weight,
                         int64_t ignore_index, int64_t n_classes, bool per_sample, double grad, const NllSamples* s) {
  ScalarType st = grad_input->dtype;
  NllSamples gs = *s, os = *s;
  gs.is_b = s->count == 1 && grad_input->dim == 1 ? 0 : grad_input->strides[0];
  gs.is_c = grad_input->strides[grad_input->dim == 4 ? 1 : grad_input->dim - 1];
  gs.is_h = grad_input->dim == 4 ? grad_input->strides[2] : 0;
  gs.is_w = grad_input->dim == 4 ? grad_input->strides[3] : 0;
  if (per_sample) {
    os.ts_b = grad_output->strides[0];
    os.ts_h = grad_output->dim == 3 ? grad_output->strides[1] : 0;
    os.ts_w = grad_output->dim == 3 ? grad_output->strides[2] : 0;
  }
  for (int64_t i = 0; i < s->count; i++) {
    int64_t toff, goff, ooff, unused;
    nll_sample(s, i, &toff, &unused);
    nll_sample(&gs, i, &unused, &goff);
    int64_t t = nll_target(target, toff);
    if (t == ignore_index) continue;
    TORCH_CHECK_INDEX(t >= 0 && t < n_classes, "Target %lld is out of bounds.", (long long)t);
    double w = weight != NULL ? nll_weight(weight, t) : 1.0;
    double v = w * grad;
    if (per_sample) {
      nll_sample(&os, i, &ooff, &unused);
      v = -w * nll_load(grad_output, ooff);
    }
    nll_store(grad_input, goff + t * gs.is_c, nll_round(st, v));
  }
  return 0;
fail:
  return -1;
}

/* The checks, then the output (per sample for reduction='none' over a
 * batch, else a scalar) and total_weight (a scalar).
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_forward) */
int at_meta_nll_loss_forward(StructuredOp* op, const Tensor* self, const Tensor* target, const Tensor* weight,
                             int64_t reduction, int64_t ignore_index) {
  (void)ignore_index;
  char b1[256];
  TRY(nll_check_shapes(self, target) == 0);
  int64_t n_classes = self->sizes[self->dim - 1];
  TORCH_CHECK(weight == NULL || (weight->dim == 1 && weight->numel == n_classes),
              "weight tensor should be defined either for all %lld classes or no classes but got weight tensor of "
              "shape: %s",
              (long long)n_classes, IntArrayRef_format(Tensor_sizes(weight), b1, sizeof b1));
  bool per_sample = reduction == Reduction_None && self->dim == 2;
  int64_t batch_size = self->sizes[0];
  IntArrayRef sizes = IntArrayRef_make(&batch_size, per_sample ? 1 : 0);
  TRY(StructuredOp_setOutputRawStrided(op, 0, sizes, kNoStrides, self->dtype) == 0);
  return StructuredOp_setOutputRawStrided(op, 1, IntArrayRef_make(NULL, 0), kNoStrides, self->dtype);
fail:
  return -1;
}

/* PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_forward_out_cpu) (nll_loss_forward_out_cpu_template,
 * nll_loss_out_frame) */
int at_impl_nll_loss_forward_out_cpu(StructuredOp* op, const Tensor* self, const Tensor* target, const Tensor* weight,
                                     int64_t reduction, int64_t ignore_index, Tensor* output, Tensor* total_weight) {
  (void)op;
  if (MetaMode_isEnabled()) return 0;
  int64_t n_classes = self->sizes[self->dim - 1];
  bool per_sample = reduction == Reduction_None && self->dim == 2;
  TRY(nll_check_dispatch("nll_loss_out_frame", self->dtype) == 0);
  nll_store(total_weight, 0, 0.0);
  if (weight != NULL) TRY(nll_check_scalar(weight, self->dtype) == 0);
  NllSamples samples = nll_samples_1d2d(self, target);
  if (per_sample) {
    TRY(nll_check_target(target) == 0);
    return nll_loss_none(output, self, target, weight, ignore_index, n_classes, &samples);
  }
  if (target->numel == 0) {
    /* Mean of nothing is NaN, the other reductions 0 */
    nll_store(output, 0, reduction == Reduction_Mean ? NAN : 0.0);
    return 0;
  }
  TRY(nll_check_target(target) == 0);
  return nll_loss_reduce(output, total_weight, self, target, weight, reduction, ignore_index, n_classes, &samples);
fail:
  return -1;
}

/* The checks (grad_output per sample, or one element), then grad_input of
 * the input's shape.
 * PyTorch 1.13: LossNLL.cpp TORCH_META_FUNC(nll_loss_backward) */
int at_meta_nll_loss_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* self, const Tensor* target,
                              const Tensor* weight, int64_t reduction, int64_t ignore_index,
                              const Tensor* total_weight) {
  (void)ignore_index;
  char b1[256];
  TRY(nll_check_shapes(self, target) == 0);
  TORCH_CHECK(total_weight->numel == 1, "expected total_weight to be a  single element tensor, got: %s (%lld elements)",
              IntArrayRef_format(Tensor_sizes(total_weight), b1, sizeof b1), (long long)total_weight->numel);
  int64_t n_classes = self->sizes[self->dim - 1];
  TORCH_CHECK(weight == NULL || weight->numel == n_classes, "weight tensor should be defined either for all or no classes");
  if (reduction == Reduction_None && self->dim == 2) {
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
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype);
fail:
  return -1;
}

/* grad_input zeroed, then each sample's -weight * grad at its target.
 * PyTorch 1.13: LossNLL.cpp TORCH_IMPL_FUNC(nll_loss_backward_out_cpu) (nll_loss_backward_out_cpu_template,
 * nll_loss_backward_out_frame) */
int at_impl_nll_loss_backward_out_cpu(StructuredOp* op, const Tensor* grad_output, const Tensor* self,
                                      const Tensor* target, const Tensor* weight, int64_t reduction,
                                      int64_t ignore_index, const Tensor* total_weight, Tensor* grad_input) {
  (void)op;
  if (MetaMode_isEnabled()) return 0;
  if (grad_input->numel > 0) TRY(done_in_place(at_zero_(grad_input)) == 0);
  TRY(nll_check_dispatch("nll_loss_backward_out_frame", self->dtype) == 0);
  ScalarType st = self->dtype;
  int64_t n_classes = self->sizes[self->dim - 1];
  bool per_sample = reduction == Reduction_None && self->dim == 2;
  TRY(nll_check_target(target) == 0);
  if (weight != NULL) TRY(nll_check_scalar(weight, st) == 0);
  double grad = 0;
  if (per_sample) {
    TRY(nll_check_scalar(grad_output, st) == 0);
  } else {
    TRY(nll_check_scalar(total_weight, st) == 0);
    TRY(nll_check_scalar(grad_output, st) == 0);
    double go = nll_load(grad_output, 0), tw = nll_load(total_weight, 0);
    grad = -(reduction == Reduction_Mean ? nll_round(st, go / tw) : go);
  }
  NllSamples samples = nll_samples_1d2d(self, target);
  return nll_loss_grad(grad_input, grad_output, target, weight, ignore_index, n_classes, per_sample, grad, &samples);
fail:
  return -1;
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

/* A self of 1 or 2 dimensions goes to nll_loss, of 4 to nll_loss2d; one of 3
 * or more than 4 is made contiguous and viewed as [N, C, 1, -1] (target
 * [N, 1, -1]; [.., 0, 0] when empty) for nll_loss2d, whose losses
 * (reduction None) are viewed back as [N, d1, ...].
 * PyTorch 1.13: LossNLL.cpp nll_loss_nd_symint */
Tensor* at_native_nll_loss_nd(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                              int64_t ignore_index) {
  char b1[256], b2[256];
  Tensor *input_ = NULL, *target_ = NULL, *tmp = NULL, *out = NULL;
  TORCH_CHECK_VALUE(self->dim >= 1, "Expected 1 or more dimensions (got %lld)", (long long)self->dim);
  /* NB(minaten): 1.13 reads sizes()[0] of a 0-dim target past its end (it
   * printed 0); minaten says 0. */
  int64_t target_batch = target->dim > 0 ? target->sizes[0] : 0;
  TORCH_CHECK_VALUE(self->dim == 1 || self->sizes[0] == target_batch,
                    "Expected input batch_size (%lld) to match target batch_size (%lld).", (long long)self->sizes[0],
                    (long long)target_batch);
  if (self->dim <= 2) return at_nll_loss(self, target, weight, reduction, ignore_index);
  if (self->dim == 4) return at_nll_loss2d(self, target, weight, reduction, ignore_index);
  int64_t out_size[MINATEN_MAX_DIM];
  out_size[0] = self->sizes[0];
  for (int64_t i = 2; i < self->dim; i++) out_size[i - 1] = self->sizes[i];
  IntArrayRef expected = IntArrayRef_make(out_size, (size_t)self->dim - 1);
  bool same = target->dim == self->dim - 1;
  for (int64_t i = 1; same && i < target->dim; i++) same = target->sizes[i] == self->sizes[i + 1];
  TORCH_CHECK(same, "Expected target size %s, got %s", IntArrayRef_format(expected, b1, sizeof b1),
              IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
  int64_t n = self->sizes[0], c = self->sizes[1];
  TRY((tmp = at_contiguous(self, MemoryFormat_Contiguous)) != NULL);
  int64_t isizes[4] = {n, c, tmp->numel > 0 ? 1 : 0, tmp->numel > 0 ? -1 : 0};
  TRY((input_ = at_view(tmp, IntArrayRef_make(isizes, 4))) != NULL);
  Tensor_release(tmp);
  TRY((tmp = at_contiguous(target, MemoryFormat_Contiguous)) != NULL);
  int64_t tsizes[3] = {n, tmp->numel > 0 ? 1 : 0, tmp->numel > 0 ? -1 : 0};
  TRY((target_ = at_view(tmp, IntArrayRef_make(tsizes, 3))) != NULL);
  Tensor_release(tmp);
  tmp = NULL;
  TRY((out = at_nll_loss2d(input_, target_, weight, reduction, ignore_index)) != NULL);
  Tensor_release(input_);
  Tensor_release(target_);
  if (reduction != Reduction_None) return out;
  Tensor* ret = at_view(out, expected);
  Tensor_release(out);
  return ret;
fail:
  Tensor_release(tmp);
  Tensor_release(input_);
  Tensor_release(target_);
  return NULL;
}

/* The temporaries of a composite kernel, released together. */
typedef struct CeTemps {
  Tensor* t[24];
  int n;
} CeTemps;
/* Keeps t (a new reference, or NULL) for CeTemps_release; returns t. */
static Tensor* ce_keep(CeTemps* k, Tensor* t) {
  TORCH_INTERNAL_ASSERT(k->n < 24);
  k->t[k->n++] = t;
  return t;
}
static void CeTemps_release(CeTemps* k) {
  for (int i = 0; i < k->n; i++) Tensor_release(k->t[i]);
  k->n = 0;
}

/* weight viewed as [1, C, 1, ...] with input's number of dimensions (C at
 * class_dim).  PyTorch 1.13: LossNLL.cpp (weight_broadcast_shape) */
static Tensor* ce_weight_view(const Tensor* weight, const Tensor* input, int64_t class_dim) {
  int64_t shape[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < input->dim; i++) shape[i] = 1;
  shape[class_dim] = weight->dim > 0 ? weight->sizes[0] : 1;
  return at_view(weight, IntArrayRef_make(shape, (size_t)input->dim));
}

static int ce_check_label_smoothing(double label_smoothing) {
  TORCH_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: %g", label_smoothing);
  return 0;
fail:
  return -1;
}

/* cross_entropy against class probabilities (target of self's shape).
 * NB(minaten): with no class (C == 0) 1.13 divides the integer numel by
 * zero (SIGFPE); minaten divides by 0 (a NaN result).
 * PyTorch 1.13: LossNLL.cpp cross_entropy_loss_prob_target */
static Tensor* ce_prob_target(const Tensor* self, const Tensor* target_, const Tensor* weight, int64_t reduction,
                              double label_smoothing) {
  CeTemps k = {{NULL}, 0};
  Tensor* ret = NULL;
  char b1[256];
  int64_t class_dim = self->dim == 1 ? 0 : 1;
  int64_t n_classes = self->sizes[class_dim];
  TORCH_CHECK(weight == NULL || (weight->dim == 1 && weight->numel == n_classes),
              "cross_entropy: weight tensor should be defined either for all %lld classes or no classes but got "
              "weight tensor of shape: %s",
              (long long)n_classes, IntArrayRef_format(Tensor_sizes(weight), b1, sizeof b1));
  Tensor* input = ce_keep(&k, at_log_softmax_int(self, class_dim, (OptionalScalarType){true, self->dtype}));
  TRY(input != NULL);
  const Tensor* target = target_;
  if (label_smoothing > 0.0) {
    TRY(ce_check_label_smoothing(label_smoothing) == 0);
    Tensor* scaled = ce_keep(&k, at_mul_Scalar(target_, Scalar_fromDouble(1 - label_smoothing)));
    TRY(scaled != NULL);
    target = ce_keep(&k, at_add_Scalar(scaled, Scalar_fromDouble(label_smoothing / (double)n_classes), Scalar_fromLong(1)));
    TRY(target != NULL);
  }
  Tensor* prod = NULL;
  if (weight != NULL) {
    const Tensor* weight_ = weight;
    if (input->dim > 1) TRY((weight_ = ce_keep(&k, ce_weight_view(weight, input, 1))) != NULL);
    Tensor* it = ce_keep(&k, at_mul_Tensor(input, target));
    TRY(it != NULL);
    prod = ce_keep(&k, at_mul_Tensor(it, weight_));
  } else {
    prod = ce_keep(&k, at_mul_Tensor(input, target));
  }
  TRY(prod != NULL);
  Tensor* summed = NULL;
  switch (reduction) {
    case Reduction_Mean:
    case Reduction_Sum:
      TRY((summed = ce_keep(&k, at_sum(prod, kNoDtype))) != NULL);
      break;
    case Reduction_None: {
      int64_t d = class_dim;
      TRY((summed = ce_keep(&k, at_sum_dim_IntList(prod, (OptionalIntArrayRef){true, IntArrayRef_make(&d, 1)}, false,
                                                   kNoDtype))) != NULL);
      break;
    }
    default:
      TORCH_CHECK(false, "Invalid reduction type encountered in cross_entropy: %lld", (long long)reduction);
  }
  ret = at_neg(summed);
  if (ret != NULL && reduction == Reduction_Mean) {
    Tensor* neg = ret;
    ret = at_div_Scalar(neg, Scalar_fromLong(n_classes == 0 ? 0 : input->numel / n_classes));
    Tensor_release(neg);
  }
  CeTemps_release(&k);
  return ret;
fail:
  CeTemps_release(&k);
  return NULL;
}

/* cross_entropy with class indices and label smoothing: (1 - ls) * the
 * nll loss + ls / C * the loss against the uniform distribution (the
 * negated sum of the log-probabilities, 0 where the target is ignored).
 * PyTorch 1.13: LossNLL.cpp cross_entropy_loss_label_smoothing */
static Tensor* ce_label_smoothing(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                                  int64_t ignore_index, double label_smoothing) {
  CeTemps k = {{NULL}, 0};
  Tensor* ret = NULL;
  int64_t class_dim = self->dim == 1 ? 0 : 1;
  OptionalIntArrayRef cdim = {true, IntArrayRef_make(&class_dim, 1)};
  Tensor* input = ce_keep(&k, at_log_softmax_int(self, class_dim, (OptionalScalarType){true, self->dtype}));
  TRY(input != NULL);
  Tensor* nllloss = ce_keep(&k, at_nll_loss_nd(input, target, weight, reduction, ignore_index));
  TRY(nllloss != NULL);
  int64_t n_classes = input->sizes[class_dim];
  Tensor* smooth_sum = NULL;
  if (weight != NULL) {
    Tensor* weight_ = ce_keep(&k, ce_weight_view(weight, input, class_dim));
    TRY(weight_ != NULL);
    Tensor* iw = ce_keep(&k, at_mul_Tensor(input, weight_));
    TRY(iw != NULL);
    smooth_sum = ce_keep(&k, at_sum_dim_IntList(iw, cdim, false, kNoDtype));
  } else {
    smooth_sum = ce_keep(&k, at_sum_dim_IntList(input, cdim, false, kNoDtype));
  }
  TRY(smooth_sum != NULL);
  Tensor* smooth_loss = ce_keep(&k, at_neg(smooth_sum));
  TRY(smooth_loss != NULL);
  Tensor* ignore_mask = ce_keep(&k, at_eq_Scalar(target, Scalar_fromLong(ignore_index)));
  TRY(ignore_mask != NULL);
  /* smooth_loss.index_put_({ignore_mask}, 0.0): the value a 0-dim tensor
   * made without dispatch (at::indexing::scalarToTensor) */
  Tensor* zero = ce_keep(&k, empty_cpu(IntArrayRef_make(NULL, 0), smooth_loss->dtype));
  TRY(zero != NULL);
  store_from_double(zero->dtype, Tensor_data(zero), 0.0);
  Tensor* const mask_list[1] = {ignore_mask};
  TRY(ce_keep(&k, at_index_put_(smooth_loss, (TensorList){mask_list, 1}, zero, false)) != NULL);
  Tensor* reduced = NULL;
  switch (reduction) {
    case Reduction_Mean: {
      Tensor* keep_mask = ce_keep(&k, at_bitwise_not(ignore_mask));
      TRY(keep_mask != NULL);
      if (weight != NULL) {
        Tensor* kept = ce_keep(&k, at_masked_select(target, keep_mask));
        TRY(kept != NULL);
        Tensor* tw = ce_keep(&k, at_gather(weight, 0, kept, false));
        TRY(tw != NULL);
        Tensor* tw_sum = ce_keep(&k, at_sum(tw, kNoDtype));
        TRY(tw_sum != NULL);
        Tensor* loss_sum = ce_keep(&k, at_sum(smooth_loss, kNoDtype));
        TRY(loss_sum != NULL);
        reduced = ce_keep(&k, at_div_Tensor(loss_sum, tw_sum));
      } else {
        Tensor* kept = ce_keep(&k, at_masked_select(smooth_loss, keep_mask));
        TRY(kept != NULL);
        reduced = ce_keep(&k, at_mean(kept, kNoDtype));
      }
      break;
    }
    case Reduction_Sum:
      reduced = ce_keep(&k, at_sum(smooth_loss, kNoDtype));
      break;
    case Reduction_None:
      reduced = smooth_loss;
      break;
    default:
      TORCH_CHECK(false, "Invalid reduction type encountered in cross_entropy: %lld", (long long)reduction);
  }
  TRY(reduced != NULL);
  Tensor* a = ce_keep(&k, at_mul_Scalar(nllloss, Scalar_fromDouble(1 - label_smoothing)));
  TRY(a != NULL);
  Tensor* b = ce_keep(&k, at_mul_Scalar(reduced, Scalar_fromDouble(label_smoothing / (double)n_classes)));
  TRY(b != NULL);
  ret = at_add_Tensor(a, b, Scalar_fromLong(1));
  CeTemps_release(&k);
  return ret;
fail:
  CeTemps_release(&k);
  return NULL;
}

/* Class probabilities when target has self's shape, else class indices:
 * with label smoothing, or log_softmax over the class dimension then
 * nll_loss_nd.
 * PyTorch 1.13: LossNLL.cpp cross_entropy_loss_symint */
Tensor* at_native_cross_entropy_loss(const Tensor* self, const Tensor* target, const Tensor* weight,
                                     int64_t reduction, int64_t ignore_index, double label_smoothing) {
  if (Tensor_hasSizes(target, Tensor_sizes(self))) {
    TORCH_CHECK(ScalarType_isFloating(target->dtype),
                "Expected floating point type for target with class probabilities, got %s",
                ScalarType_name(target->dtype));
    TORCH_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    return ce_prob_target(self, target, weight, reduction, label_smoothing);
  }
  if (label_smoothing > 0.0) {
    TRY(ce_check_label_smoothing(label_smoothing) == 0);
    return ce_label_smoothing(self, target, weight, reduction, ignore_index, label_smoothing);
  }
  int64_t class_dim = self->dim == 1 ? 0 : 1;
  Tensor* input = at_log_softmax_int(self, class_dim, (OptionalScalarType){true, self->dtype});
  if (input == NULL) return NULL;
  Tensor* ret = at_nll_loss_nd(input, target, weight, reduction, ignore_index);
  Tensor_release(input);
  return ret;
fail:
  return NULL;
}

/* ---- nll_loss2d: self [N, C, H, W], target [N, H, W] ---------------------- */

/* PyTorch 1.13: LossNLL2d.cpp check_inputs_nll_loss2d */
static int nll2d_check_inputs(const Tensor* input, const Tensor* target, const Tensor* weight) {
  char b1[256], b2[256];
  TORCH_CHECK(target->dim == 3, "only batches of spatial targets supported (3D tensors) but got targets of dimension: %lld",
              (long long)target->dim);
  TORCH_CHECK(input->dim == 4, "only batches of spatial inputs supported (4D tensors), but got input of dimension: %lld",
              (long long)input->dim);
  TORCH_CHECK(weight == NULL || weight->numel == input->sizes[1],
              "weight tensor should be defined either for all or no classes");
  TORCH_CHECK(input->sizes[0] == target->sizes[0] && input->sizes[2] == target->sizes[1] &&
                  input->sizes[3] == target->sizes[2],
              "size mismatch (got input: %s , target: %s", IntArrayRef_format(Tensor_sizes(input), b1, sizeof b1),
              IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
  return 0;
fail:
  return -1;
}

/* self->resize_(sizes) for a kernel's own output (no warning).  0, or -1. */
static int nll2d_resize(Tensor* t, IntArrayRef sizes) {
  Tensor* r = at_resize_(t, sizes, kNoMemoryFormat);
  if (r == NULL) return -1;
  Tensor_release(r);
  return 0;
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_forward_out_cpu_template, nll_loss2d_forward_out_frame */
TensorTuple2 at_native_nll_loss2d_forward_out_cpu(const Tensor* self, const Tensor* target, const Tensor* weight,
                                                  int64_t reduction, int64_t ignore_index, Tensor* output,
                                                  Tensor* total_weight) {
  TensorTuple2 r = {{NULL, NULL}};
  TRY(nll2d_check_inputs(self, target, weight) == 0);
  TRY(nll2d_resize(total_weight, IntArrayRef_make(NULL, 0)) == 0);
  ScalarType st = self->dtype;
  int64_t n_classes = self->sizes[1];
  NllSamples samples = nll_samples_2d(self, target);
  if (MetaMode_isEnabled()) {
    int64_t sizes[3] = {self->sizes[0], self->sizes[2], self->sizes[3]};
    TRY(resize_output(output, IntArrayRef_make(sizes, reduction == Reduction_None ? 3 : 0)) >= 0);
    goto done;
  }
  TRY(nll_check_dispatch("nll_loss2d_forward_out_frame", st) == 0);
  TRY(nll_check_scalar(total_weight, st) == 0);
  nll_store(total_weight, 0, 0.0);
  if (weight != NULL) TRY(nll_check_scalar(weight, st) == 0);
  if (reduction == Reduction_None) {
    int64_t sizes[3] = {self->sizes[0], self->sizes[2], self->sizes[3]};
    TRY(resize_output(output, IntArrayRef_make(sizes, 3)) >= 0);
    TRY(nll_check_scalar(output, st) == 0);
    TRY(nll_check_scalar(target, ScalarType_Long) == 0);
    TRY(nll_loss_none(output, self, target, weight, ignore_index, n_classes, &samples) == 0);
    goto done;
  }
  TRY(resize_output(output, IntArrayRef_make(NULL, 0)) >= 0);
  if (target->numel == 0) {
    Tensor* filled = at_fill__Scalar(output, Scalar_fromDouble(reduction == Reduction_Mean ? NAN : 0.0));
    TRY(filled != NULL);
    Tensor_release(filled);
    goto done;
  }
  TRY(nll_check_scalar(target, ScalarType_Long) == 0);
  TRY(nll_loss_reduce(output, total_weight, self, target, weight, reduction, ignore_index, n_classes, &samples) == 0);
done:
  r.items[0] = Tensor_retain(output);
  r.items[1] = Tensor_retain(total_weight);
  return r;
fail:
  return r;
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_forward_cpu */
TensorTuple2 at_native_nll_loss2d_forward_cpu(const Tensor* self, const Tensor* target, const Tensor* weight,
                                              int64_t reduction, int64_t ignore_index) {
  TensorTuple2 r = {{NULL, NULL}};
  int64_t zero = 0;
  Tensor* output = empty_cpu(IntArrayRef_make(&zero, 1), self->dtype);
  Tensor* total_weight = empty_cpu(IntArrayRef_make(&zero, 1), self->dtype);
  if (output != NULL && total_weight != NULL)
    r = at_native_nll_loss2d_forward_out_cpu(self, target, weight, reduction, ignore_index, output, total_weight);
  Tensor_release(output);
  Tensor_release(total_weight);
  return r;
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_backward_out_cpu_template, nll_loss2d_backward_out_frame */
Tensor* at_native_nll_loss2d_backward_out_cpu(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                              const Tensor* weight, int64_t reduction, int64_t ignore_index,
                                              const Tensor* total_weight, Tensor* grad_input) {
  char b1[256], b2[256];
  TRY(nll2d_check_inputs(self, target, weight) == 0);
  TRY(nll2d_resize(grad_input, Tensor_sizes(self)) == 0);
  if (MetaMode_isEnabled()) return Tensor_retain(grad_input);
  if (grad_input->numel > 0) {
    Tensor* zeroed = at_zero_(grad_input);
    TRY(zeroed != NULL);
    Tensor_release(zeroed);
  }
  TORCH_CHECK(grad_input->is_contiguous, "grad_input must be contiguous");
  TORCH_CHECK(total_weight->numel == 1, "expected total_weight to be a single element tensor, got: %s (%lld elements)",
              IntArrayRef_format(Tensor_sizes(total_weight), b1, sizeof b1), (long long)total_weight->numel);
  ScalarType st = self->dtype;
  TRY(nll_check_dispatch("nll_loss2d_backward_out_frame", st) == 0);
  if (weight != NULL) TRY(nll_check_scalar(weight, st) == 0);
  NllSamples samples = nll_samples_2d(self, target);
  double grad = 0;
  bool per_sample = reduction == Reduction_None;
  if (per_sample) {
    TORCH_CHECK(grad_output->dim == 3, "grad_output must have same dimension as target (3) but got dimension: %s",
                IntArrayRef_format(Tensor_sizes(grad_output), b1, sizeof b1));
    TORCH_CHECK(grad_output->sizes[0] == target->sizes[0] && grad_output->sizes[1] == target->sizes[1] &&
                    grad_output->sizes[2] == target->sizes[2],
                "size mismatch (got grad_output: %s target: %s", IntArrayRef_format(Tensor_sizes(grad_output), b1, sizeof b1),
                IntArrayRef_format(Tensor_sizes(target), b2, sizeof b2));
    TRY(nll_check_scalar(grad_input, st) == 0);
    TRY(nll_check_scalar(grad_output, st) == 0);
    TRY(nll_check_scalar(target, ScalarType_Long) == 0);
  } else {
    TRY(nll_check_scalar(total_weight, st) == 0);
    TORCH_CHECK(grad_output->dim <= 1 && grad_output->numel == 1,
                "Expected a single element grad_output tensor, but got: %s",
                IntArrayRef_format(Tensor_sizes(grad_output), b1, sizeof b1));
    TRY(nll_check_scalar(grad_output, st) == 0);
    TRY(nll_check_scalar(target, ScalarType_Long) == 0);
    TRY(nll_check_scalar(grad_input, st) == 0);
    double go = nll_load(grad_output, 0), tw = nll_load(total_weight, 0);
    grad = -(reduction == Reduction_Mean ? nll_round(st, go / tw) : go);
  }
  TRY(nll_loss_grad(grad_input, grad_output, target, weight, ignore_index, self->sizes[1], per_sample, grad, &samples) == 0);
  return Tensor_retain(grad_input);
fail:
  return NULL;
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_backward_cpu */
Tensor* at_native_nll_loss2d_backward_cpu(const Tensor* grad_output, const Tensor* self, const Tensor* target,
                                          const Tensor* weight, int64_t reduction, int64_t ignore_index,
                                          const Tensor* total_weight) {
  Tensor* grad_input = at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  if (grad_input == NULL) return NULL;
  Tensor* r = at_native_nll_loss2d_backward_out_cpu(grad_output, self, target, weight, reduction, ignore_index,
                                                    total_weight, grad_input);
  Tensor_release(grad_input);
  return r;
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_out */
Tensor* at_native_nll_loss2d_out(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                                 int64_t ignore_index, Tensor* out) {
  int64_t zero = 0;
  Tensor* total_weight = at_empty_memory_format(IntArrayRef_make(&zero, 1), (OptionalScalarType){true, self->dtype},
                                                kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  if (total_weight == NULL) return NULL;
  TensorTuple2 r = at_nll_loss2d_forward_output(self, target, weight, reduction, ignore_index, out, total_weight);
  Tensor_release(total_weight);
  Tensor_release(r.items[1]);
  return r.items[0];
}

/* PyTorch 1.13: LossNLL2d.cpp nll_loss2d_symint */
Tensor* at_native_nll_loss2d(const Tensor* self, const Tensor* target, const Tensor* weight, int64_t reduction,
                             int64_t ignore_index) {
  TensorTuple2 r = at_nll_loss2d_forward(self, target, weight, reduction, ignore_index);
  Tensor_release(r.items[1]);
  return r.items[0];
}
