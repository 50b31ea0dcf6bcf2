/*
 * ReduceOpsAminmax.c - aminmax: the least and the greatest element, over
 * one dim or over all of them, as the named tuple (min, max).
 *
 * Two routes, as in 1.13, and they differ in the sign of a zero result:
 *
 *   dim given   each line along dim is walked from its first element
 *               (aminmax_kernel): min moves on `!(v >= min)`, else max on
 *               `!(v <= max)`, and a NaN found by either becomes both
 *               results and stops the line; so a tie keeps the first
 *               element ([0., -0.] gives 0., 0.).  A 0-dim input is
 *               copied into both, with keepdim into results of shape [1]
 *               (resized from the meta's [], with the resize warning).
 *   dim None    the contiguous input reduced by aminmax_allreduce_kernel,
 *               whose vec::reduce2_all runs min_all's and max_all's
 *               reductions side by side, each in its own order (Note
 *               [max() in 1.13's order] in ops/cpu/ReduceAllOpsKernel.c):
 *               the results are min()'s and max()'s ([0., -0.] gives -0.,
 *               -0.), so minaten calls those kernels.  keepdim makes each
 *               result all-ones-shaped.
 *
 * Both kernels are dispatched over the integer types, Float, Double and
 * Bool ("aminmax_cpu" not implemented for 'Half', also for a 0-dim
 * input), the one over all elements also over BFloat16, after the meta function's checks and the out= checks.  1.13 has
 * no derivative for aminmax (grad_fn NotImplemented).
 * NB(minaten): aminmax.out falls through the autograd keys, as minaten's
 * other out= forms do (tests/dispatch/exceptions.txt); 1.13's VariableType
 * kernel gives its outs a NotImplemented grad_fn when self requires grad.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp (TORCH_META_FUNC(aminmax),
 * TORCH_IMPL_FUNC(aminmax_out)), native/cpu/TensorCompareKernel.cpp
 * (aminmax_kernel), native/cpu/ReduceAllOpsKernel.cpp (aminmax_allreduce_kernel)
 */
#include <math.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

/* The results' shape (self's without dim, or with it as 1; every dim as 1
 * with keepdim and no dim), the wrapped dim (-1 for none) into *wrapped;
 * the number of dims, or -1 with IndexError / RuntimeError.
 * PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(aminmax) (zero_numel_check_dims, get_reduction_shape) */
static int64_t aminmax_meta(const Tensor* self, OptionalInt dim, bool keepdim, int64_t* shape, int64_t* wrapped) {
  int64_t n = 0;
  *wrapped = -1;
  if (dim.has_value) {
    int64_t d = maybe_wrap_dim(dim.value, self->dim, true);
    TRY(d >= 0);
    TORCH_CHECK_INDEX(self->dim == 0 || self->sizes[d] != 0,
                      "aminmax: Expected reduction dim %lld to have non-zero size.", (long long)d);
    for (int64_t k = 0; k < self->dim; k++)
      if (k != d || keepdim) shape[n++] = k == d ? 1 : self->sizes[k];
    *wrapped = d;
    return n;
  }
  TORCH_CHECK(self->numel > 0,
              "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  if (keepdim)
    for (; n < self->dim; n++) shape[n] = 1;
  return n;
fail:
  return -1;
}

/* One line along dim: len >= 1 elements stride bytes apart from p, its
 * least and greatest into lo and hi (see the file comment).
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp aminmax_kernel (its loop) */
#define NEVER_NAN(v) ((void)(v), false)
#define DEFINE_AMINMAX_LINE(T, name, IS_NAN)                                                                   \
  static void aminmax_line_##name(const char* p, int64_t stride, int64_t len, char* lo_out, char* hi_out) {     \
    T lo, hi;                                                                                                  \
    memcpy(&lo, p, sizeof lo);                                                                                 \
    hi = lo;                                                                                                   \
    for (int64_t i = 0; i < len; i++) {                                                                        \
      T v;                                                                                                     \
      memcpy(&v, p + i * stride, sizeof v);                                                                    \
      if (!(v >= lo)) {                                                                                        \
        lo = v;                                                                                                \
        if (IS_NAN(v)) {                                                                                       \
          hi = v;                                                                                              \
          break;                                                                                               \
        }                                                                                                      \
      } else if (!(v <= hi)) {                                                                                 \
        hi = v;                                                                                                \
        if (IS_NAN(v)) {                                                                                       \
          lo = v;                                                                                              \
          break;                                                                                               \
        }                                                                                                      \
      }                                                                                                        \
    }                                                                                                          \
    memcpy(lo_out, &lo, sizeof lo);                                                                            \
    memcpy(hi_out, &hi, sizeof hi);                                                                            \
  }
DEFINE_AMINMAX_LINE(bool, Bool, NEVER_NAN)
DEFINE_AMINMAX_LINE(uint8_t, Byte, NEVER_NAN)
DEFINE_AMINMAX_LINE(int8_t, Char, NEVER_NAN)
DEFINE_AMINMAX_LINE(int16_t, Short, NEVER_NAN)
DEFINE_AMINMAX_LINE(int32_t, Int, NEVER_NAN)
DEFINE_AMINMAX_LINE(int64_t, Long, NEVER_NAN)
DEFINE_AMINMAX_LINE(float, Float, isnan)
DEFINE_AMINMAX_LINE(double, Double, isnan)
#undef DEFINE_AMINMAX_LINE
#undef NEVER_NAN

typedef void (*aminmax_line_fn)(const char* p, int64_t stride, int64_t len, char* lo_out, char* hi_out);

/* The line function of dtype, or NULL with 1.13's dispatch error.
 * PyTorch 1.13: AT_DISPATCH_ALL_TYPES_AND(kBool, ..., "aminmax_cpu") */
static aminmax_line_fn aminmax_line(ScalarType dtype) {
  switch (dtype) {
    case ScalarType_Bool: return aminmax_line_Bool;
    case ScalarType_Byte: return aminmax_line_Byte;
    case ScalarType_Char: return aminmax_line_Char;
    case ScalarType_Short: return aminmax_line_Short;
    case ScalarType_Int: return aminmax_line_Int;
    case ScalarType_Long: return aminmax_line_Long;
    case ScalarType_Float: return aminmax_line_Float;
    case ScalarType_Double: return aminmax_line_Double;
    default: break;
  }
  Error_set(ErrorType_RuntimeError, "\"aminmax_cpu\" not implemented for '%s'", ScalarType_name(dtype));
  return NULL;
}

/* The kernel's state: the line along dim of each output element. */
typedef struct AminmaxLoop {
  aminmax_line_fn line;
  int64_t len, stride; /* the line's elements, bytes apart */
} AminmaxLoop;

/* The loop over a tile of lines: data = {min, max, self} at each line's
 * first element.  PyTorch 1.13: native/cpu/TensorCompareKernel.cpp compare_base_kernel (its loop) */
static void aminmax_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const AminmaxLoop* L = ctx;
  for (int64_t b = 0; b < size1; b++)
    for (int64_t a = 0; a < size0; a++)
      L->line(data[2] + b * strides[5] + a * strides[2], L->stride, L->len, data[0] + b * strides[3] + a * strides[0],
              data[1] + b * strides[4] + a * strides[1]);
}

/* min and max (of the meta shape, any strides) along dim d of a non-empty
 * result: TensorIterator over self's shape with d squashed to size 1, each
 * element one line, split over the threads output by output.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp aminmax_kernel (compare_base_kernel) */
static void aminmax_kernel(const Tensor* self, int64_t d, bool keepdim, aminmax_line_fn line, Tensor* min,
                           Tensor* max) {
  int64_t item = (int64_t)Tensor_itemsize(self);
  if (self->dim == 0) { /* a line of one element */
    line(Tensor_data(self), item, 1, Tensor_data(min), Tensor_data(max));
    return;
  }
  AminmaxLoop L = {line, self->sizes[d], self->strides[d] * item};
  compare_base_for_each(self, d, keepdim, min, max, aminmax_loop2d, &L);
}

/* min and max of every element into the (one-element) results: min()'s
 * and max()'s kernels (see the file comment).
 * PyTorch 1.13: native/cpu/ReduceAllOpsKernel.cpp aminmax_allreduce_kernel */
static int aminmax_allreduce_kernel(const Tensor* self, Tensor* min, Tensor* max) {
  Tensor* lo = at_native_min(self);
  Tensor* hi = lo != NULL ? at_native_max(self) : NULL;
  if (hi != NULL) {
    memcpy(Tensor_data(min), Tensor_data(lo), Tensor_itemsize(self));
    memcpy(Tensor_data(max), Tensor_data(hi), Tensor_itemsize(self));
  }
  Tensor_release(lo);
  Tensor_release(hi);
  return hi != NULL ? 0 : -1;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(aminmax) */
int at_meta_aminmax(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim) {
  int64_t shape[MINATEN_MAX_DIM], d;
  int64_t n = aminmax_meta(self, dim, keepdim, shape, &d);
  if (n < 0) return -1;
  IntArrayRef sizes = IntArrayRef_make(shape, (size_t)n);
  if (StructuredOp_setOutputRawStrided(op, 0, sizes, kNoStrides, self->dtype) < 0) return -1;
  return StructuredOp_setOutputRawStrided(op, 1, sizes, kNoStrides, self->dtype);
}

/* min and max of self (dispatch check, kernel).  A 0-dim input reduced
 * over its dim with keepdim gets results of shape [1]: 1.13's
 * compare_base_kernel resizes the meta's [] results to self's sizes made
 * non-empty, with resize_output's warning for each.
 * PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(aminmax_out), TensorCompareKernel.cpp compare_base_kernel_core */
int at_impl_aminmax_out(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim, Tensor* min,
                        Tensor* max) {
  (void)op;
  TORCH_CHECK(self->device.type == DeviceType_CPU && !ScalarType_isQuantized(self->dtype),
              "minaten: reductions run on non-quantized CPU tensors only");
  /* the reduction over all elements also takes bfloat16 (1.13's
   * aminmax_allreduce_kernel: AT_DISPATCH_ALL_TYPES_AND2(kBFloat16, kBool)) */
  aminmax_line_fn line = NULL;
  if (dim.has_value || self->dtype != ScalarType_BFloat16) TRY((line = aminmax_line(self->dtype)) != NULL);
  if (MetaMode_isEnabled() || min->numel == 0) return 0;
  if (!dim.has_value) return aminmax_allreduce_kernel(self, min, max);
  if (self->dim == 0 && keepdim) {
    int64_t one = 1;
    TRY(resize_output(min, IntArrayRef_make(&one, 1)) >= 0);
    TRY(resize_output(max, IntArrayRef_make(&one, 1)) >= 0);
  }
  aminmax_kernel(self, maybe_wrap_dim(dim.value, self->dim, true), keepdim, line, min, max);
  return 0;
fail:
  return -1;
}
