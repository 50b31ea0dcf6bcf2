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

/*
 * The shapes 1.13 accepts.  Its kernel (UnfoldBackward.h
 * _make_unfold_backward_iter_over_grad_out) wraps dim against grad_in too,
 * then runs a TensorIterator whose output is the result with dim cut to the
 * elements the windows reach and whose input is grad_in without its last
 * dimension and with dim's size 1: a grad_in that does not broadcast to that
 * output fails with TensorIterator's broadcasting error, which is given
 * here the same way.  NB(minaten): a grad_in that broadcasts without
 * matching (a size-1 dimension standing for a larger one) is refused here
 * (1.13 adds it to every position); and windows that reach past the input
 * (1.13 writes out of bounds there) are left out.
 */
static int check_unfold_backward_shapes(const Tensor* grad_in, IntArrayRef input_sizes, int64_t d, int64_t size,
                                        int64_t step) {
  if (maybe_wrap_dim(d, grad_in->dim, true) < 0) return -1;
  int64_t windows = grad_in->dim > 0 ? grad_in->sizes[d] : 1;
  /* exact: (windows - 1) * step + size may exceed int64 (step 2**62); it
   * is at least INT64_MIN, the step being positive */
  __int128 reach = (__int128)(windows - 1) * step + size;
  int64_t out_dim = (int64_t)input_sizes.size;
  int64_t in_dim = grad_in->dim > 0 ? grad_in->dim - 1 : 0;
  int64_t ndim = out_dim > in_dim ? out_dim : in_dim;
  bool same = in_dim == out_dim;
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t ka = i - (ndim - out_dim), kb = i - (ndim - in_dim);
    int64_t a = ka >= 0 ? (ka == d ? (input_sizes.data[ka] < reach ? input_sizes.data[ka] : (int64_t)reach)
                                   : input_sizes.data[ka])
                        : 1;
    int64_t b = kb >= 0 ? (kb == d ? 1 : grad_in->sizes[kb]) : 1;
    TORCH_CHECK(a == b || a == 1 || b == 1,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %lld",
                (long long)a, (long long)b, (long long)i);
    if (kb != d && a != b) same = false;
  }
  char grad_shape[256], input_shape[256];
  TORCH_CHECK(same, "unfold_backward: grad of shape %s does not have the shape of the unfolded input %s with its "
              "last dimension of windows (minaten does not broadcast it)",
              IntArrayRef_format(Tensor_sizes(grad_in), grad_shape, sizeof grad_shape),
              IntArrayRef_format(input_sizes, input_shape, sizeof input_shape));
  return 0;
fail:
  return -1;
}

/* NB(minaten): a step that is not positive is refused with unfold's
 * message ("step is 0 but must be > 0"): no unfold made such windows, and
 * 1.13's kernel divides by the step (step 0 kills the process with SIGFPE)
 * or, for a negative one, finds the windows of each element with divisions
 * that truncate toward zero and reads grad elements past the windows.
 * PyTorch 1.13: UnfoldBackward.cpp at::native::unfold_backward */
Tensor* at_native_unfold_backward(const Tensor* grad_in, IntArrayRef input_sizes, int64_t dim, int64_t size,
                                  int64_t step) {
  OptionalScalarType dt = {true, grad_in->dtype};
  OptionalDevice dev = {true, grad_in->device};
  Tensor* out = at_zeros(input_sizes, dt, kNoLayout, dev, kNoPinMemory);
  if (out == NULL) return NULL;
  int64_t d = maybe_wrap_dim(dim, (int64_t)input_sizes.size, true);
  TRY(d >= 0);
  TORCH_CHECK(step > 0, "step is %lld but must be > 0", (long long)step);
  TRY(check_unfold_backward_shapes(grad_in, input_sizes, d, size, step) == 0);
  if (grad_in->numel == 0 || MetaMode_isEnabled()) return out;
  bool floating = ScalarType_isFloating(grad_in->dtype);
  size_t isize = Tensor_itemsize(grad_in);
  int64_t n = grad_in->dim; /* input dims + 1 (a 0-dim input unfolds to 1 dim) */
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t e = 0; e < grad_in->numel; e++) {
    int64_t src = 0, dst = 0;
    bool inside = idx[n - 1] < size; /* 1.13 reads `size` elements of each window */
    for (int64_t k = 0; k < n; k++) src += idx[k] * grad_in->strides[k];
    for (int64_t k = 0; k < out->dim && inside; k++) {
      /* exact, and tested before it is used: w * step may exceed int64 */
      __int128 i = k == d ? (__int128)idx[k] * step + idx[n - 1] : idx[k];
      inside = i < out->sizes[k];
      if (inside) dst += (int64_t)i * out->strides[k];
    }
    const char* p = Tensor_data(grad_in) + src * (int64_t)isize;
    char* o = Tensor_data(out) + dst * (int64_t)isize;
    if (!inside)
      ; /* a window reaching past the input: NB above */
    else if (floating)
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
