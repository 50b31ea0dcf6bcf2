/*
 * UnfoldBackward.c - the backward of unfold: each window's elements added
 * back where the window took them.
 *
 * unfold(dim, size, step) views the input as windows: grad_in has the
 * input's dimensions with input_sizes[dim] replaced by the number of
 * windows, plus a last dimension of `size`; its element
 * (i_0, ..., w at dim, ..., i_{n-1}, k) came from input element
 * (i_0, ..., w * step + k, ..., i_{n-1}).  Windows overlap when step < size,
 * so the gradient is a sum: a zero tensor of input_sizes, then every
 * element of grad_in added at its source (double for floating dtypes, int64
 * for integers).  In MetaMode the loop is skipped.
 *
 * PyTorch 1.13: aten/src/ATen/native/UnfoldBackward.cpp at::native::unfold_backward,
 * cpu/UnfoldBackwardKernel.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: UnfoldBackward.cpp at::native::unfold_backward */
Tensor* at_native_unfold_backward(const Tensor* grad_in, IntArrayRef input_sizes, int64_t dim, int64_t size,
                                  int64_t step) {
  OptionalScalarType dt = {true, grad_in->dtype};
  OptionalDevice dev = {true, grad_in->device};
  Tensor* out = at_zeros(input_sizes, dt, kNoLayout, dev, kNoPinMemory);
  if (out == NULL) return NULL;
  int64_t d = maybe_wrap_dim(dim, (int64_t)input_sizes.size, true);
  TRY(d >= 0);
  if (grad_in->numel == 0 || MetaMode_isEnabled()) return out;
  (void)size;
  bool floating = ScalarType_isFloating(grad_in->dtype);
  size_t isize = Tensor_itemsize(grad_in);
  int64_t n = grad_in->dim; /* input dims + 1 (a 0-dim input unfolds to 1 dim) */
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t e = 0; e < grad_in->numel; e++) {
    int64_t src = 0, dst = 0;
    for (int64_t k = 0; k < n; k++) src += idx[k] * grad_in->strides[k];
    for (int64_t k = 0; k < out->dim; k++) {
      int64_t i = k == d ? idx[k] * step + idx[n - 1] : idx[k];
      dst += i * out->strides[k];
    }
    const char* p = Tensor_data(grad_in) + src * (int64_t)isize;
    char* o = Tensor_data(out) + dst * (int64_t)isize;
    if (floating)
      store_from_double(out->dtype, o, load_double(out->dtype, o) + load_double(grad_in->dtype, p));
    else
      store_scalar(out->dtype, o,
                   Scalar_fromLong((int64_t)((uint64_t)load_int(out->dtype, o) + (uint64_t)load_int(grad_in->dtype, p))));
    for (int64_t k = n - 1; k >= 0; k--) {
      if (++idx[k] < grad_in->sizes[k]) break;
      idx[k] = 0;
    }
  }
  return out;
fail:
  Tensor_release(out);
  return NULL;
}
