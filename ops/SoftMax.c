/*
 * SoftMax.c - softmax and log_softmax over one dimension, and their
 * backward formulas, as 1.13's structured kernels compute them.
 *
 * _softmax.out and _log_softmax.out: the meta function wraps dim (a 0-dim
 * tensor takes dim 0 or -1), takes Float for half_to_float, and sizes the
 * output as self (contiguous; an out= of another dtype is refused, "Expected
 * out tensor to have dtype float, but got double instead").  The impl then
 * refuses half_to_float ("softmax with half to float conversion is not
 * supported on CPU"), returns at once for an empty self, and hands a
 * contiguous copy of self (viewed as [1] when 0-dim) to the lastdim stub or
 * to the stub of another dimension (ops/SoftMax.h).  An out= that has the
 * right size but other strides is written as if it were contiguous, as
 * 1.13's kernels write through data_ptr (torch.softmax(x, 1,
 * out=torch.empty(3, 2).t()) holds its rows in the out's columns).
 *
 * _softmax_backward_data.out and _log_softmax_backward_data.out: the
 * gradient of self from grad and the forward's output, over dim; softmax's
 * meta checks that grad and output have the same size (checkSameSize),
 * log_softmax's does not.  input_dtype decides the output's dtype only for
 * grad Float and input Half (CUDA's case), which minaten does not model.
 *
 * softmax.int and log_softmax.int (CompositeImplicitAutograd) convert self
 * to dtype first (Tensor::toType: _to_copy in the trace) and call the
 * underscored operator; their .int_out forms (CompositeExplicitAutograd)
 * compute into a temporary when out is not contiguous, then resize and copy.
 *
 * PyTorch 1.13: aten/src/ATen/native/SoftMax.cpp (TORCH_META_FUNC(_softmax),
 * TORCH_META_FUNC(_log_softmax), TORCH_META_FUNC(_softmax_backward_data),
 * TORCH_META_FUNC(_log_softmax_backward_data), TORCH_IMPL_FUNC(softmax_cpu_out),
 * TORCH_IMPL_FUNC(log_softmax_cpu_out), TORCH_IMPL_FUNC(softmax_backward_cpu_out),
 * TORCH_IMPL_FUNC(log_softmax_backward_cpu_out), softmax, log_softmax,
 * softmax_out, log_softmax_out)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/SoftMax.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: SoftMax.cpp DEFINE_DISPATCH(softmax_lastdim_kernel), ... */
DEFINE_DISPATCH(softmax_lastdim_kernel);
DEFINE_DISPATCH(log_softmax_lastdim_kernel);
DEFINE_DISPATCH(softmax_backward_lastdim_kernel);
DEFINE_DISPATCH(log_softmax_backward_lastdim_kernel);
DEFINE_DISPATCH(softmax_kernel);
DEFINE_DISPATCH(log_softmax_kernel);
DEFINE_DISPATCH(softmax_backward_kernel);
DEFINE_DISPATCH(log_softmax_backward_kernel);

/* The dim check of the meta functions, after maybe_wrap_dim.
 * PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_softmax) */
static int softmax_check_dim(int64_t dim, const Tensor* t) {
  int64_t input_dim = t->dim > 0 ? t->dim : 1;
  TORCH_CHECK(dim >= 0 && dim < input_dim, "dim must be non-negative and less than input dimensions");
  return 0;
fail:
  return -1;
}

/* t contiguous, viewed as [1] when 0-dim; a new reference, or NULL. */
static Tensor* softmax_operand(const Tensor* t) {
  Tensor* c = at_contiguous(t, MemoryFormat_Contiguous);
  if (c == NULL || c->dim != 0) return c;
  int64_t one = 1;
  Tensor* v = at_view(c, IntArrayRef_make(&one, 1));
  Tensor_release(c);
  return v;
}

/* Where a kernel writes result: result itself when its elements are laid
 * out densely from its data pointer (contiguous, or a permutation of a
 * contiguous tensor, which 1.13 fills as if contiguous), else a new
 * contiguous temporary that softmax_finish copies into result.
 * NB(minaten): 1.13 writes numel elements from data_ptr whatever the
 * strides, past the end of an expanded or gapped out. */
static Tensor* softmax_dest(Tensor* result) {
  if (result->is_contiguous || Tensor_isNonOverlappingAndDense(result)) {
    bool positive = true;
    for (int64_t i = 0; i < result->dim; i++) positive = positive && result->strides[i] >= 0;
    if (positive) return Tensor_retain(result);
  }
  return empty_cpu(Tensor_sizes(result), result->dtype);
}
static int softmax_finish(Tensor* result, Tensor* dest) {
  int r = dest == result ? 0 : copy_into(result, dest);
  Tensor_release(dest);
  return r;
}


/*
 * log_softmax of BFloat16 rows along the last dim, as 1.13's
 * _vec_log_softmax_lastdim runs on BFloat16: the row's max, the sum of
 * exp(x - max) computed in float (functional_bfloat16.h's map_reduce_all)
 * but kept in a BFloat16 array (tmp_sum_scalar), so rounded; its log
 * rounded again (vec::map on that array); then out = x - max - log_sum in
 * float, rounded once.  (softmax's BFloat16 kernel keeps float buffers
 * throughout: the float kernel, rounded once.)
 * NB(minaten): the float sum is taken in element order; 1.13 adds 8-lane
 * float vectors, which can differ in the last float bits before the sum
 * is rounded to BFloat16.
 * PyTorch 1.13: native/cpu/SoftmaxKernel.cpp _vec_log_softmax_lastdim,
 * cpu/vec/functional_bfloat16.h map_reduce_all
 */
static void log_softmax_lastdim_bfloat16(const Tensor* input, Tensor* dest) {
  int64_t n = input->sizes[input->dim - 1], rows = n == 0 ? 0 : input->numel / n;
  const BFloat16* in = (const BFloat16*)Tensor_data(input);
  BFloat16* out = (BFloat16*)Tensor_data(dest);
  for (int64_t r = 0; r < rows; r++, in += n, out += n) {
    float max = BFloat16_toFloat(in[0]);
    for (int64_t i = 1; i < n && !isnan(max); i++) {
      float x = BFloat16_toFloat(in[i]);
      if (isnan(x) || x > max) max = x;
    }
    float sum = 0;
    for (int64_t i = 0; i < n; i++) sum += expf(BFloat16_toFloat(in[i]) - max);
    float log_sum = reduced_round(ScalarType_BFloat16, logf(reduced_round(ScalarType_BFloat16, sum)));
    for (int64_t i = 0; i < n; i++) out[i] = BFloat16_fromFloat(BFloat16_toFloat(in[i]) - max - log_sum);
  }
}

/* The meta function of _softmax and _log_softmax: the dim checked, the
 * output self's sizes, contiguous, Float for half_to_float.
 * PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_softmax), TORCH_META_FUNC(_log_softmax) */
static int softmax_meta(StructuredOp* op, const Tensor* self, int64_t dim, bool half_to_float) {
  int64_t dim_ = maybe_wrap_dim(dim, self->dim, true);
  if (dim_ < 0 || softmax_check_dim(dim_, self) < 0) return -1;
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides,
                                          half_to_float ? ScalarType_Float : self->dtype);
}

/* The impl of _softmax and _log_softmax into result.  0, or -1 with
 * PyTorch's error.
 * PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(softmax_cpu_out), TORCH_IMPL_FUNC(log_softmax_cpu_out) */
static int softmax_run(bool log, Tensor* result, const Tensor* self, int64_t dim, bool half_to_float) {
  Tensor *input = NULL, *dest = NULL;
  int64_t dim_ = maybe_wrap_dim(dim, self->dim, true);
  if (dim_ < 0) return -1;
  if (MetaMode_isEnabled()) return 0;
  TORCH_CHECK(!half_to_float, "softmax with half to float conversion is not supported on CPU");
  if (self->numel == 0) return 0;
  TRY((input = softmax_operand(self)) != NULL);
  bool bfloat16_log_lastdim = input->dtype == ScalarType_BFloat16 && log && dim_ == input->dim - 1;
  if (bfloat16_log_lastdim) {
    TRY((dest = empty_cpu(Tensor_sizes(input), ScalarType_BFloat16)) != NULL);
  } else if (input->dtype == ScalarType_BFloat16) {
    /* 1.13's BFloat16 kernels widen each row to float, compute as the
     * float kernels do, and round the results once: here the whole input
     * widened (no operator dispatched), the float kernel, then the copy
     * into result rounds. */
    Tensor* widened = empty_cpu(Tensor_sizes(input), ScalarType_Float);
    TRY(widened != NULL);
    int rc = copy_into(widened, input);
    Tensor_release(input);
    input = widened;
    TRY(rc == 0);
    TRY((dest = empty_cpu(Tensor_sizes(result), ScalarType_Float)) != NULL);
  } else {
    TRY((dest = softmax_dest(result)) != NULL);
  }
  if (bfloat16_log_lastdim) {
    log_softmax_lastdim_bfloat16(input, dest);
  } else if (input->dim > 0 && dim_ == input->dim - 1) {
    DispatchStub* stub = log ? &log_softmax_lastdim_kernel : &softmax_lastdim_kernel;
    TRY(((softmax_forward_fn)DispatchStub_get(stub))(dest, input) == 0);
  } else {
    DispatchStub* stub = log ? &log_softmax_kernel : &softmax_kernel;
    TRY(((softmax_forward_fn_with_dim)DispatchStub_get(stub))(dest, input, dim_) == 0);
  }
  Tensor_release(input);
  input = NULL;
  Tensor* written = dest;
  dest = NULL;
  return softmax_finish(result, written);
fail:
  Tensor_release(input);
  Tensor_release(dest);
  return -1;
}

/* The meta function of _softmax_backward_data and
 * _log_softmax_backward_data: softmax's checks that grad and output have
 * the same sizes, the dim checked, the output grad's sizes and dtype.
 * PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_softmax_backward_data),
 * TORCH_META_FUNC(_log_softmax_backward_data) */
static int softmax_backward_meta(bool log, StructuredOp* op, const Tensor* grad, const Tensor* output, int64_t dim,
                                 ScalarType input_dtype) {
  (void)input_dtype; /* decides the dtype only for grad Float and input Half (CUDA) */
  if (!log) {
    bool same = grad->dim == output->dim;
    for (int64_t i = 0; same && i < grad->dim; i++) same = grad->sizes[i] == output->sizes[i];
    if (!same) {
      char a[256], b[256];
      IntArrayRef_format(Tensor_sizes(grad), a, sizeof a);
      IntArrayRef_format(Tensor_sizes(output), b, sizeof b);
      Error_set(ErrorType_RuntimeError,
                "Expected tensor for argument #1 'grad' to have same size as tensor for argument #2 'output'; "
                "but %s does not equal %s (while checking arguments for softmax_backward)", a, b);
      return -1;
    }
  }
  int64_t dim_ = maybe_wrap_dim(dim, grad->dim, true);
  if (dim_ < 0 || softmax_check_dim(dim_, grad) < 0) return -1;
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(grad), kNoStrides, grad->dtype);
}

/* The impl of both backwards into result.  0, or -1 with PyTorch's error.
 * PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(softmax_backward_cpu_out),
 * TORCH_IMPL_FUNC(log_softmax_backward_cpu_out) */
static int softmax_backward_run(bool log, Tensor* result, const Tensor* grad, const Tensor* output, int64_t dim) {
  Tensor *g = NULL, *o = NULL, *dest = NULL;
  int64_t dim_ = maybe_wrap_dim(dim, grad->dim, true);
  if (dim_ < 0) return -1;
  if (MetaMode_isEnabled() || output->numel == 0) return 0;
  /* NB(minaten): 1.13's log_softmax backward reads grad's numel elements
   * of an output of any size (past its end); minaten refuses a smaller
   * output in softmax_backward's words. */
  TORCH_CHECK(output->numel >= grad->numel,
              "Expected tensor for argument #1 'grad' to have same size as tensor for argument #2 'output' "
              "(while checking arguments for log_softmax_backward)");
  TRY((g = softmax_operand(grad)) != NULL);
  TRY((o = softmax_operand(output)) != NULL);
  if (g->dtype == ScalarType_Float || g->dtype == ScalarType_Double) {
    /* data_ptr<scalar_t>() of each operand, grad's dtype: Tensor::data_ptr's check */
    TORCH_CHECK(o->dtype == g->dtype, "expected scalar type %s but found %s", ScalarType_name(g->dtype),
                ScalarType_name(o->dtype));
  }
  TRY((dest = softmax_dest(result)) != NULL);
  if (g->dim > 0 && dim_ == g->dim - 1) {
    DispatchStub* stub = log ? &log_softmax_backward_lastdim_kernel : &softmax_backward_lastdim_kernel;
    TRY(((softmax_backward_fn)DispatchStub_get(stub))(dest, g, o) == 0);
  } else {
    DispatchStub* stub = log ? &log_softmax_backward_kernel : &softmax_backward_kernel;
    TRY(((softmax_backward_fn_with_dim)DispatchStub_get(stub))(dest, g, o, dim_) == 0);
  }
  Tensor_release(g);
  Tensor_release(o);
  g = o = NULL;
  Tensor* written = dest;
  dest = NULL;
  return softmax_finish(result, written);
fail:
  Tensor_release(g);
  Tensor_release(o);
  Tensor_release(dest);
  return -1;
}

/* PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_softmax) */
int at_meta__softmax(StructuredOp* op, const Tensor* self, int64_t dim, bool half_to_float) {
  return softmax_meta(op, self, dim, half_to_float);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(softmax_cpu_out) */
int at_impl_softmax_cpu_out(StructuredOp* op, const Tensor* self, int64_t dim, bool half_to_float, Tensor* out) {
  (void)op;
  return softmax_run(false, out, self, dim, half_to_float);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_log_softmax) */
int at_meta__log_softmax(StructuredOp* op, const Tensor* self, int64_t dim, bool half_to_float) {
  return softmax_meta(op, self, dim, half_to_float);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(log_softmax_cpu_out) */
int at_impl_log_softmax_cpu_out(StructuredOp* op, const Tensor* self, int64_t dim, bool half_to_float, Tensor* out) {
  (void)op;
  return softmax_run(true, out, self, dim, half_to_float);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_softmax_backward_data) */
int at_meta__softmax_backward_data(StructuredOp* op, const Tensor* grad_output, const Tensor* output, int64_t dim,
                                   ScalarType input_dtype) {
  return softmax_backward_meta(false, op, grad_output, output, dim, input_dtype);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(softmax_backward_cpu_out) */
int at_impl_softmax_backward_cpu_out(StructuredOp* op, const Tensor* grad_output, const Tensor* output, int64_t dim,
                                     ScalarType input_dtype, Tensor* grad_input) {
  (void)op, (void)input_dtype;
  return softmax_backward_run(false, grad_input, grad_output, output, dim);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_META_FUNC(_log_softmax_backward_data) */
int at_meta__log_softmax_backward_data(StructuredOp* op, const Tensor* grad_output, const Tensor* output, int64_t dim,
                                       ScalarType input_dtype) {
  return softmax_backward_meta(true, op, grad_output, output, dim, input_dtype);
}
/* PyTorch 1.13: SoftMax.cpp TORCH_IMPL_FUNC(log_softmax_backward_cpu_out) */
int at_impl_log_softmax_backward_cpu_out(StructuredOp* op, const Tensor* grad_output, const Tensor* output,
                                         int64_t dim, ScalarType input_dtype, Tensor* out) {
  (void)op, (void)input_dtype;
  return softmax_backward_run(true, out, grad_output, output, dim);
}

/* self converted to dtype (Tensor::toType), or self; a new reference. */
static Tensor* softmax_converted(const Tensor* self, OptionalScalarType dtype) {
  if (!dtype.has_value) return Tensor_retain(self);
  return at_to_dtype(self, dtype.value, false, false, kNoMemoryFormat);
}

/* PyTorch 1.13: SoftMax.cpp softmax (softmax.int) */
Tensor* at_native_softmax(const Tensor* self, int64_t dim, OptionalScalarType dtype) {
  Tensor* converted = softmax_converted(self, dtype);
  if (converted == NULL) return NULL;
  Tensor* r = at__softmax(converted, dim, false);
  Tensor_release(converted);
  return r;
}
/* PyTorch 1.13: SoftMax.cpp log_softmax (log_softmax.int) */
Tensor* at_native_log_softmax(const Tensor* self, int64_t dim, OptionalScalarType dtype) {
  Tensor* converted = softmax_converted(self, dtype);
  if (converted == NULL) return NULL;
  Tensor* r = at__log_softmax(converted, dim, false);
  Tensor_release(converted);
  return r;
}

/* softmax_out / log_softmax_out: into out, through a temporary when out is
 * not contiguous.
 * PyTorch 1.13: SoftMax.cpp softmax_out, log_softmax_out */
static Tensor* softmax_out_impl(bool log, const Tensor* self, int64_t dim, OptionalScalarType dtype, Tensor* out) {
  Tensor *converted = NULL, *temp = NULL, *r = NULL;
  TRY((converted = softmax_converted(self, dtype)) != NULL);
  if (!out->is_contiguous) {
    TRY((temp = empty_cpu(Tensor_sizes(out), out->dtype)) != NULL);
    TRY((r = log ? at__log_softmax_out(converted, dim, false, temp) : at__softmax_out(converted, dim, false, temp)) !=
        NULL);
    Tensor_release(r);
    r = NULL;
    TRY(resize_output(out, Tensor_sizes(temp)) >= 0);
    TRY(copy_into(out, temp) == 0);
    r = Tensor_retain(out);
  } else {
    r = log ? at__log_softmax_out(converted, dim, false, out) : at__softmax_out(converted, dim, false, out);
  }
fail:
  Tensor_release(converted);
  Tensor_release(temp);
  return r;
}
/* PyTorch 1.13: SoftMax.cpp softmax_out */
Tensor* at_native_softmax_out(const Tensor* self, int64_t dim, OptionalScalarType dtype, Tensor* out) {
  return softmax_out_impl(false, self, dim, dtype, out);
}
/* PyTorch 1.13: SoftMax.cpp log_softmax_out */
Tensor* at_native_log_softmax_out(const Tensor* self, int64_t dim, OptionalScalarType dtype, Tensor* out) {
  return softmax_out_impl(true, self, dim, dtype, out);
}
