/*
 * ReduceOpsDiff.c - diff: the n-th forward difference of self along dim,
 * after prepend and append are concatenated to it there.
 *
 * Both forms are CompositeImplicitAutograd in 1.13, so a trace shows what
 * they are made of: each difference is `narrow(x, dim, 1, len) -
 * narrow(x, dim, 0, len)` (`slice.Tensor` twice, then `sub.Tensor`), or
 * logical_xor for a Bool input; prepend and append are joined with `cat`;
 * the out= form computes the last difference with `sub.out` (or
 * `logical_xor.out`) into out.  n = 0 gives a copy (`zeros_like`, then
 * `copy_`); an n of dim's size or more leaves an empty dimension.
 *
 * Note [diff's unchecked order]
 * 1.13 does not check n: a negative n makes no difference at all, and the
 * functional form returns self itself (`torch.diff(x, n=-1) is x`).  The
 * out= form instead narrows to dim's size - n elements, past the end, and
 * fails in narrow; as 1.13's C++ evaluates the two narrow calls of one
 * expression right to left, the error names the second one,
 * "start (0) + length (6) exceeds dimension size (5).".  Likewise dim is
 * checked only where it is used: diff(x, n=0, dim=5) is a copy of x.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp (diff_check,
 * diff_check_compatible_shape, diff_helper, prepend_append_on_dim, diff,
 * diff_out_helper, diff_out)
 */
#include <stdio.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"

/* prepend or append (NULL: none) has self's dimensions and, but along dim,
 * its sizes; 0, or -1 with 1.13's error (an IndexError for a bad dim first).
 * PyTorch 1.13: ReduceOps.cpp diff_check_compatible_shape */
static int diff_check_compatible_shape(const Tensor* self, const Tensor* other, int64_t dim) {
  if (other == NULL) return 0;
  int64_t wrapped_dim = maybe_wrap_dim(dim, self->dim, false);
  TRY(wrapped_dim >= 0);
  TORCH_CHECK(other->dim == self->dim, "diff expects prepend or append to be the same dimension as input");
  for (int64_t i = 0; i < other->dim; i++) {
    TORCH_CHECK(other->sizes[i] == self->sizes[i] || i == wrapped_dim,
                "diff expects the shape of tensor to prepend or append to match that of input except along the "
                "differencing dimension; input.size(%lld) = %lld, but got tensor.size(%lld) = %lld",
                (long long)i, (long long)self->sizes[i], (long long)i, (long long)other->sizes[i]);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: ReduceOps.cpp diff_check (no check of n: Note [diff's unchecked order]) */
static int diff_check(const Tensor* self, int64_t dim, const Tensor* prepend, const Tensor* append) {
  TORCH_CHECK(self->dim >= 1, "diff expects input to be at least one-dimensional");
  TRY(diff_check_compatible_shape(self, prepend, dim) == 0);
  TRY(diff_check_compatible_shape(self, append, dim) == 0);
  return 0;
fail:
  return -1;
}

/* The size of x along dim (wrapped), or -1 with the IndexError of a bad dim.
 * PyTorch 1.13: TensorBase::size(dim) */
static int64_t size_along(const Tensor* x, int64_t dim) {
  int64_t d = maybe_wrap_dim(dim, x->dim, false);
  return d < 0 ? -1 : x->sizes[d];
}

/* One difference of x along dim over len elements: narrow(x, 1, len) -
 * narrow(x, 0, len), or their logical_xor when is_bool, into out when out
 * is not NULL; the second narrow is made first (Note [diff's unchecked order]).
 * PyTorch 1.13: ReduceOps.cpp diff_helper, diff_out_helper (their loop body) */
static Tensor* diff_once(const Tensor* x, int64_t dim, int64_t len, bool is_bool, Tensor* out) {
  Tensor *lo = NULL, *hi = NULL, *r = NULL;
  TRY((lo = at_narrow(x, dim, 0, len)) != NULL);
  TRY((hi = at_narrow(x, dim, 1, len)) != NULL);
  if (out != NULL)
    r = is_bool ? at_logical_xor_out(hi, lo, out) : at_sub_out(hi, lo, Scalar_fromLong(1), out);
  else
    r = is_bool ? at_logical_xor(hi, lo) : at_sub_Tensor(hi, lo, Scalar_fromLong(1));
fail:
  Tensor_release(lo);
  Tensor_release(hi);
  return r;
}

/* The n-th difference of self along dim: a copy for n = 0, self itself for
 * n < 0, n (at most dim's size) differences otherwise.
 * PyTorch 1.13: ReduceOps.cpp diff_helper */
static Tensor* diff_helper(const Tensor* self, int64_t n, int64_t dim) {
  if (n == 0) {
    Tensor* result = at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
    if (result == NULL) return NULL;
    Tensor* r = at_copy_(result, self, false);
    Tensor_release(result);
    return r;
  }
  int64_t size = size_along(self, dim);
  if (size < 0) return NULL;
  int64_t out_len = size - 1;
  bool is_bool = self->dtype == ScalarType_Bool;
  if (n >= size) n = size;
  Tensor* result = Tensor_retain(self);
  for (int64_t i = 0; i < n; i++, out_len--) {
    Tensor* next = diff_once(result, dim, out_len, is_bool, NULL);
    Tensor_release(result);
    if ((result = next) == NULL) return NULL;
  }
  return result;
}

/* cat(prepend, self, append) along dim, whichever of the two is given.
 * PyTorch 1.13: ReduceOps.cpp prepend_append_on_dim */
static Tensor* prepend_append_on_dim(const Tensor* self, const Tensor* prepend, const Tensor* append, int64_t dim) {
  Tensor* parts[3];
  size_t n = 0;
  if (prepend != NULL) parts[n++] = (Tensor*)prepend;
  parts[n++] = (Tensor*)self;
  if (append != NULL) parts[n++] = (Tensor*)append;
  return at_cat((TensorList){parts, n}, dim);
}

/* PyTorch 1.13: ReduceOps.cpp at::native::diff */
Tensor* at_native_diff(const Tensor* self, int64_t n, int64_t dim, const Tensor* prepend, const Tensor* append) {
  if (diff_check(self, dim, prepend, append) < 0) return NULL;
  if ((prepend == NULL && append == NULL) || n == 0) return diff_helper(self, n, dim);
  Tensor* a = prepend_append_on_dim(self, prepend, append, dim);
  if (a == NULL) return NULL;
  Tensor* r = diff_helper(a, n, dim);
  Tensor_release(a);
  return r;
}

/* n = 0: out resized to self's shape (resize_), checked to have self's
 * dtype, and written (copy_); else the first n - 1 differences, and the
 * last one written into out (sub.out or logical_xor.out).
 * PyTorch 1.13: ReduceOps.cpp diff_out_helper */
static Tensor* diff_out_helper(const Tensor* self, int64_t n, int64_t dim, Tensor* out) {
  if (n == 0) {
    if (resize_output_dispatched(out, Tensor_sizes(self)) < 0) return NULL;
    TRY(check_scalar_type_device_layout_equal(out, self, self->dtype) == 0);
    return at_copy_(out, self, false);
  }
  int64_t size = size_along(self, dim);
  if (size < 0) return NULL;
  if (n >= size) n = size;
  Tensor* prev = n > 1 ? diff_helper(self, n - 1, dim) : Tensor_retain(self);
  if (prev == NULL) return NULL;
  /* size - n wraps as 1.13's int64 does for an n near INT64_MIN (narrow then refuses the length) */
  Tensor* r = diff_once(prev, dim, (int64_t)((uint64_t)size - (uint64_t)n), self->dtype == ScalarType_Bool, out);
  Tensor_release(prev);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: ReduceOps.cpp at::native::diff_out */
Tensor* at_native_diff_out(const Tensor* self, int64_t n, int64_t dim, const Tensor* prepend, const Tensor* append,
                           Tensor* out) {
  if (diff_check(self, dim, prepend, append) < 0) return NULL;
  if ((prepend == NULL && append == NULL) || n == 0) return diff_out_helper(self, n, dim, out);
  Tensor* a = prepend_append_on_dim(self, prepend, append, dim);
  if (a == NULL) return NULL;
  Tensor* r = diff_out_helper(a, n, dim, out);
  Tensor_release(a);
  return r;
}
