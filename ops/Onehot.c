/*
 * Onehot.c - one_hot: int64 class indices of any shape to a [..., C] tensor
 * of zeros with a 1 at each index (F.one_hot).
 *
 * CompositeImplicitAutograd, so a trace shows the steps: min() and item()
 * to refuse negative classes, max() and item() to infer num_classes (-1)
 * or to refuse classes >= it, then zeros(shape + [C]) and
 * scatter_(-1, self.unsqueeze(-1), 1).  An empty input needs num_classes
 * (it has no max) and returns an uninitialised empty(shape + [C]).
 * NB(minaten): 1.13 also refuses meta tensors here ("Can not infer total
 * number of classes from meta tensor."); minaten has no meta tensors.
 *
 * PyTorch 1.13: aten/src/ATen/native/Onehot.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"

/* *out = reduce(self).item().toLong().  0, or -1. */
static int reduced_item(Tensor* (*reduce)(const Tensor*), const Tensor* self, int64_t* out) {
  Tensor* r = reduce(self);
  if (r == NULL) return -1;
  Scalar v = at__local_scalar_dense(r); /* item(): a lazy tensor is computed first */
  Tensor_release(r);
  if (Error_occurred()) return -1;
  *out = Scalar_toLong(v);
  return 0;
}

/* PyTorch 1.13: Onehot.cpp one_hot */
Tensor* at_native_one_hot(const Tensor* self, int64_t num_classes) {
  TORCH_CHECK(self->dtype == ScalarType_Long, "one_hot is only applicable to index tensor.");
  int64_t shape[MINATEN_MAX_DIM + 1];
  int64_t dim = self->dim;
  TORCH_CHECK(dim < MINATEN_MAX_DIM, "minaten: one_hot of a %lld-d tensor has more than %d dimensions", (long long)dim,
              MINATEN_MAX_DIM);
  for (int64_t d = 0; d < dim; d++) shape[d] = self->sizes[d];
  OptionalScalarType dtype = {true, self->dtype};
  OptionalDevice device = {true, self->device};
  if (self->numel == 0) {
    TORCH_CHECK(num_classes > 0, "Can not infer total number of classes from empty tensor.");
    shape[dim] = num_classes;
    return at_empty_memory_format(IntArrayRef_make(shape, (size_t)dim + 1), dtype, kNoLayout, device, kNoPinMemory,
                                  kNoMemoryFormat);
  }
  int64_t min, max;
  TRY(reduced_item(at_min, self, &min) == 0);
  TORCH_CHECK(min >= 0, "Class values must be non-negative.");
  TRY(reduced_item(at_max, self, &max) == 0);
  if (num_classes == -1) num_classes = max + 1;
  else TORCH_CHECK(num_classes > max, "Class values must be smaller than num_classes.");
  shape[dim] = num_classes;
  Tensor* ret = at_zeros(IntArrayRef_make(shape, (size_t)dim + 1), dtype, kNoLayout, device, kNoPinMemory);
  Tensor* index = ret != NULL ? at_unsqueeze(self, -1) : NULL;
  Tensor* r = index != NULL ? at_scatter__value(ret, -1, index, Scalar_fromLong(1)) : NULL;
  Tensor_release(index);
  Tensor_release(ret);
  return r; /* ret, from scatter_ */
fail:
  return NULL;
}
