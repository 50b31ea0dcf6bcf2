/*
 * UnfoldBackward.c - the backward of unfold: each window's elements added
 * back where the window took them.
 *
 * unfold(dim, size, step) views the input as windows: grad_in has the
 * input's dimensions with input_sizes[dim] replaced by the number of
 * windows, plus a last dimension of `size`; its element
 * (i_0, ..., w at dim, ..., i_{n-1}, k) came from input element
 * (i_0, ..., w * step + k, ..., i_{n-1}).  Windows overlap when step < size,
 * so the gradient is a sum: a zero tensor of input_sizes, each of whose
 * elements then adds the grad elements the windows took from it, window
 * by window (double for floating dtypes, int64 for integers), on
 * TensorIterator's walk over the result as 1.13's kernel runs.  In
 * MetaMode the loop is skipped.
 *
 * PyTorch 1.13: aten/src/ATen/native/UnfoldBackward.cpp at::native::unfold_backward,
 * cpu/UnfoldBackwardKernel.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
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

/* The kernel's parameters: grad_in's windows along dim and the elements
 * of its last dimension, with their byte strides. */
typedef struct UnfoldBackwardLoop {
  int64_t size, step;
  int64_t windows, window_stride;
  int64_t last_size, last_stride;
  ScalarType dtype;
} UnfoldBackwardLoop;

/*
 * The loop over a tile of grad_out (the result): data = {grad_out, grad_in
 * at the element's window 0, the element's index idx_dim along dim}.  Each
 * element adds, window by window from the first that reaches it, the grad
 * elements the windows took from it (in double for floating dtypes, int64
 * for integers; stored after each addition).  NB(minaten): an element past
 * grad's last dimension (a grad narrower than `size`) is left out where
 * 1.13 reads past the grad.
 * PyTorch 1.13: native/cpu/UnfoldBackwardKernel.cpp _unfold_backward_internal_kernel
 */
static void unfold_backward_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const UnfoldBackwardLoop* L = ctx;
  bool floating = ScalarType_isFloating(L->dtype);
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      char* o = data[0] + j * strides[3] + i * strides[0];
      const char* g = data[1] + j * strides[4] + i * strides[1];
      int64_t idx_dim = *(const int64_t*)(data[2] + j * strides[5] + i * strides[2]);
      /* the left fold reaching idx_dim is (idx_dim - size) / step or the next
       * one (exact: fold * step + size may exceed int64) */
      int64_t left = idx_dim > L->size ? (idx_dim - L->size) / L->step : 0;
      if (!((__int128)left * L->step <= idx_dim && idx_dim < (__int128)left * L->step + L->size)) left++;
      int64_t right = idx_dim / L->step;
      if (right >= L->windows) right = L->windows - 1;
      for (int64_t fold = left; fold <= right; fold++) {
        int64_t last = idx_dim - fold * L->step;
        if (last >= L->last_size) continue; /* NB above */
        const char* p = g + fold * L->window_stride + last * L->last_stride;
        if (floating)
          store_from_double(L->dtype, o, load_double(L->dtype, o) + load_double(L->dtype, p));
        else
          store_scalar(L->dtype, o,
                       Scalar_fromLong((int64_t)((uint64_t)load_int(L->dtype, o) + (uint64_t)load_int(L->dtype, p))));
      }
    }
}

/*
 * 1.13's iterator over grad_out: grad_out with dim cut to the elements the
 * windows reach, grad_in without its last dimension and with stride 0 along
 * dim (the loop walks its windows), and idx_dim, the indices along dim
 * (arange, stride 0 elsewhere); a 0-dim result counts as one dimension of
 * size 1 (ensure_nonempty), whose windows are grad's only dimension.
 * 0, or -1 with the error set (the arange's storage out of memory).
 * PyTorch 1.13: UnfoldBackward.h _make_unfold_backward_iter_over_grad_out
 */
static int unfold_backward_kernel(Tensor* out, const Tensor* grad_in, int64_t d, int64_t size, int64_t step) {
  int64_t item = (int64_t)Tensor_itemsize(out);
  int64_t ndim = out->dim > 0 ? out->dim : 1;
  int64_t windows = grad_in->sizes[out->dim > 0 ? d : 0];
  /* exact: (windows - 1) * step + size may exceed int64 (step 2**62) */
  __int128 reach = (__int128)(windows - 1) * step + size;
  int64_t out_dim_size = out->dim > 0 ? out->sizes[d] : 1;
  int64_t iter_dim_size = (__int128)out_dim_size < reach ? out_dim_size : (int64_t)reach;
  if (iter_dim_size <= 0) return 0;
  Tensor* idx_tensor = empty_cpu(IntArrayRef_make(&iter_dim_size, 1), ScalarType_Long); /* at::arange */
  if (idx_tensor == NULL) return -1;
  int64_t* idx_dim = (int64_t*)Tensor_data(idx_tensor);
  for (int64_t i = 0; i < iter_dim_size; i++) idx_dim[i] = i;
  int64_t shape[MINATEN_MAX_DIM], out_strides[MINATEN_MAX_DIM], in_strides[MINATEN_MAX_DIM], idx_strides[MINATEN_MAX_DIM];
  for (int64_t k = 0; k < ndim; k++) {
    shape[k] = k == d ? iter_dim_size : out->sizes[k];
    out_strides[k] = out->dim > 0 ? out->strides[k] * item : item;
    in_strides[k] = k == d ? 0 : grad_in->strides[k] * item;
    idx_strides[k] = k == d ? (int64_t)sizeof(int64_t) : 0;
  }
  UnfoldBackwardLoop L = {size,
                          step,
                          windows,
                          grad_in->strides[out->dim > 0 ? d : 0] * item,
                          grad_in->sizes[grad_in->dim - 1],
                          grad_in->strides[grad_in->dim - 1] * item,
                          out->dtype};
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(out), Tensor_data(grad_in), (char*)idx_dim};
  const int64_t* strides[3] = {out_strides, in_strides, idx_strides};
  TensorIterator_initStrided(&iter, data, strides, 3, shape, ndim);
  TensorIterator_for_each(&iter, unfold_backward_loop2d, &L, AT_GRAIN_SIZE);
  Tensor_release(idx_tensor);
  return 0;
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
  TRY(unfold_backward_kernel(out, grad_in, d, size, step) == 0);
  return out;
fail:
  Tensor_release(out);
  return NULL;
}
