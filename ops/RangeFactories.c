/*
 * RangeFactories.c - the out= forms of linspace and logspace (arange's is
 * in TensorFactories.c, beside its functional forms).
 *
 * Both size the output to `steps` elements when it has another number of
 * elements (resize_: an out= of the right number of elements keeps its
 * shape and strides), work on a contiguous copy when the output is not
 * contiguous and copy the values back, and compute the first steps / 2
 * values from start and the others from end (Note [linspace from both
 * ends] in ops/cpu/RangeFactoriesKernel.c).  One step fills the output
 * with start (linspace) or base ** start (logspace), whatever its dtype
 * (Bool too); two or more need a dtype the loop takes, and convert start
 * and end to it with Scalar::to's overflow check.  The same kernels are
 * the Meta ones (1.13's `CPU, Meta:`): a meta output is sized, and the
 * dtype and overflow checks are skipped with the loop, as 1.13's.
 *
 * PyTorch 1.13: aten/src/ATen/native/RangeFactories.cpp
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/RangeFactories.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: RangeFactories.cpp DEFINE_DISPATCH(linspace_stub) */
DEFINE_DISPATCH(linspace_stub);

/* Scalar::to<scalar_t>() of s for dtype t, held in a double (exact: t is
 * not wider than int64 or double, and an int64 is used as a double after).
 * 0, or -1 with 1.13's overflow error. */
static int to_scalar_t(ScalarType t, Scalar s, double* value) {
  char buf[MINATEN_MAX_ELEMENT_SIZE];
  if (store_scalar_checked(t, buf, s) < 0) return -1;
  *value = load_double(t, buf);
  return 0;
}

/* result.resize_({steps}) unless it has that many elements already.
 * 0, or -1 with the error set. */
static int resize_to_steps(Tensor* result, int64_t steps) {
  if (result->numel == steps) return 0;
  Tensor* resized = at_resize_(result, IntArrayRef_make(&steps, 1), kNoMemoryFormat);
  if (resized == NULL) return -1;
  Tensor_release(resized);
  return 0;
}

/* The tensor to write: a new reference to result when it is contiguous,
 * else a contiguous copy of it (NULL with the error set). */
static Tensor* contiguous_or_self(Tensor* result) {
  return result->is_contiguous ? Tensor_retain(result) : at_contiguous(result, MemoryFormat_Contiguous);
}

/* r's values into result when r is its contiguous copy; releases r.
 * A new reference to result, or NULL with the error set. */
static Tensor* finish_out(Tensor* result, Tensor* r) {
  if (r != result) {
    Tensor* copied = at_copy_(result, r, false);
    Tensor_release(r);
    if (copied == NULL) return NULL;
    Tensor_release(copied);
  } else {
    Tensor_release(r);
  }
  return Tensor_retain(result);
}

/* PyTorch 1.13: RangeFactories.cpp at::native::linspace_out */
Tensor* at_native_linspace_out(Scalar start, Scalar end, int64_t steps, Tensor* out) {
  TORCH_CHECK(steps >= 0, "number of steps must be non-negative");
  TRY(resize_to_steps(out, steps) == 0);
  if (out->device.type == DeviceType_Meta) return Tensor_retain(out); /* sized: nothing to check or write */
  if (steps == 0) return Tensor_retain(out);
  if (steps == 1) return at_fill__Scalar(out, start);
  ScalarType t = out->dtype;
  TORCH_CHECK(t != ScalarType_Bool && !ScalarType_isQuantized(t), "\"linspace_cpu\" not implemented for '%s'",
              ScalarType_name(t));
  double xstart, xend;
  TRY(to_scalar_t(t, start, &xstart) == 0);
  TRY(to_scalar_t(t, end, &xend) == 0);
  if (MetaMode_isEnabled()) return Tensor_retain(out); /* linspace's own loop (ops/MetaMode.h) */
  Tensor* r = contiguous_or_self(out);
  TRY(r != NULL);
  ((linspace_fn)DispatchStub_get(&linspace_stub))(r, xstart, xend, steps);
  return finish_out(out, r);
fail:
  return NULL;
}

/* The loop of logspace for steps >= 2: base ** (start + step * i) for the
 * first half, base ** (end - step * (steps - i - 1)) for the second, in
 * double (std::pow), with step = (end - start) / (steps - 1) computed from
 * the bounds converted to the dtype (their difference taken in the dtype:
 * float for Float, int64 arithmetic for Long), each value converted to the
 * dtype.  1.13's loop has no vector path, so only the chunks of
 * parallel_for split it, and they change nothing.
 * PyTorch 1.13: RangeFactories.cpp logspace_out (its AT_DISPATCH_ALL_TYPES_AND lambda) */
static void logspace_loop(Tensor* r, double start, double end, int64_t steps, double base) {
  ScalarType t = r->dtype;
  double diff;
  if (t == ScalarType_Float)
    diff = (double)((float)end - (float)start);
  else if (t == ScalarType_BFloat16) /* scalar_end - scalar_start: a BFloat16, rounded (999 becomes 1000) */
    diff = (double)reduced_round(t, (float)end - (float)start);
  else if (t == ScalarType_Long)
    diff = (double)(int64_t)((uint64_t)(int64_t)end - (uint64_t)(int64_t)start); /* wraps as x86 does */
  else
    diff = end - start; /* exact: the narrower integers subtract as int */
  double step = diff / (double)(steps - 1);
  int64_t halfway = steps / 2;
  size_t size = ScalarType_elementSize(t);
  char* p = Tensor_data(r);
  for (int64_t i = 0; i < steps; i++, p += size) {
    double v = i < halfway ? pow(base, start + step * (double)i) : pow(base, end - step * (double)(steps - i - 1));
    store_from_double(t, p, v);
  }
}

/* PyTorch 1.13: RangeFactories.cpp at::native::logspace_out */
Tensor* at_native_logspace_out(Scalar start, Scalar end, int64_t steps, double base, Tensor* out) {
  TORCH_CHECK(steps >= 0, "number of steps must be non-negative");
  TRY(resize_to_steps(out, steps) == 0);
  if (out->device.type == DeviceType_Meta) return Tensor_retain(out); /* sized: nothing to check or write */
  Tensor* r = contiguous_or_self(out);
  TRY(r != NULL);
  if (steps == 1) {
    Tensor* filled = at_fill__Scalar(r, Scalar_fromDouble(pow(base, Scalar_toDouble(start))));
    if (filled == NULL) goto release;
    Tensor_release(filled);
  } else if (steps >= 2) {
    ScalarType t = r->dtype;
    if (t == ScalarType_Bool || t == ScalarType_Half || ScalarType_isQuantized(t)) {
      Error_set(ErrorType_RuntimeError, "\"logspace_cpu\" not implemented for '%s'", ScalarType_name(t));
      goto release;
    }
    double xstart, xend;
    if (to_scalar_t(t, start, &xstart) < 0 || to_scalar_t(t, end, &xend) < 0) goto release;
    if (!MetaMode_isEnabled()) logspace_loop(r, xstart, xend, steps, base); /* its own loop (ops/MetaMode.h) */
  }
  return finish_out(out, r);
release:
  Tensor_release(r);
fail:
  return NULL;
}
