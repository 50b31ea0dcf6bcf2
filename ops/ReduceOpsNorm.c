/*
 * ReduceOpsNorm.c - norm (its four functional overloads and two out=
 * forms), dist (the norm of a difference), frobenius_norm, and logsumexp.
 *
 * norm.ScalarOpt_dim is the one a user meets: torch.norm and Tensor.norm
 * (torch/functional.py, modelled in python/minaten/functional.py)
 * call it with every dim listed when none is given, and a trace shows it
 * alone.  The p-norm of each row: p = 2 the root of the sum of squares,
 * 1 the sum of |x|, 0 the count of non-zeros, inf (-inf) the largest
 * (smallest) |x|, other p (sum |x|^p)^(1/p); an empty row's norm is 0.
 * With `dtype` the input is converted to it first (integers allowed then);
 * without, the input must be floating.  norm.Scalar and norm.ScalarOpt_dtype
 * reduce every dimension (CompositeExplicitAutograd in 1.13): they call the
 * dim overloads with dim {} through the dispatcher, as 1.13's at::norm does.
 *
 * frobenius_norm(self, dim) is CompositeImplicitAutograd: norm(self, 2,
 * dim) for at most one dim, sqrt(sum(self * self, dim)) for two, so a
 * trace shows those operators.  logsumexp is CompositeExplicitAutograd:
 * log(sum(exp(self - max))) + max, the max taken as 0 where it is infinite.
 *
 * The 2-norm of contiguous Float rows takes 1.13's vectorized fast path
 * (ops/cpu/ReduceOpsKernel.c, Note [The 2-norm of a contiguous row]); every
 * other norm accumulates row by row, element by element, as 1.13's
 * binary_kernel_reduce does.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp (norm, impl_func_norm, dist,
 * logsumexp, logsumexp_out_impl), aten/src/ATen/native/LinearAlgebra.cpp
 * (frobenius_norm, linalg_vector_norm), native/cpu/ReduceOpsKernel.cpp
 * norm_kernel_tensor_iterator_impl
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/ReduceOpsKernel.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/Parallel.h"

/* The norm of one row, accumulated in float for float tensors (1.13's
 * acc type on the CPU, so a float norm overflows to inf where the double
 * one would not), in double for double tensors, and in Half for Half
 * tensors (BFloat16: in BFloat16, but the 2-norm in float).
 * PyTorch 1.13: native/SharedReduceOps.h NormOps, NormZeroOps, NormOneOps, AbsMaxOps, AbsMinOps */
typedef struct NormRow {
  double p;
  bool in_float;
  bool whole;          /* the output has one element */
  ScalarType in_half;  /* Half or BFloat16 when accumulated in it, else Undefined */
} NormRow;

/* |x| for the inf norms: the largest (p > 0) or smallest, a NaN winning. */
static double abs_extreme(const double* v, int64_t n, double p) {
  double acc = fabs(v[0]);
  for (int64_t i = 1; i < n && !isnan(acc); i++) {
    double a = fabs(v[i]);
    if (isnan(a) || (p > 0 ? a > acc : a < acc)) acc = a;
  }
  return acc;
}

/* The accumulation of NormOps (before project: the root) over v[0 .. n),
 * in float, from 0. */
static float norm_acc_float(const double* v, int64_t n, double p) {
  float acc = 0;
  if (p == 0) {
    for (int64_t i = 0; i < n; i++) acc += (float)(v[i] != 0);
  } else if (p == 1) {
    for (int64_t i = 0; i < n; i++) acc += fabsf((float)v[i]);
  } else if (p == 2) {
    for (int64_t i = 0; i < n; i++) acc += (float)v[i] * (float)v[i];
  } else {
    for (int64_t i = 0; i < n; i++) acc += powf(fabsf((float)v[i]), (float)p);
  }
  return acc;
}

/* The same in Half or BFloat16 arithmetic: each term and each partial sum
 * rounded, so a Half 2-norm of [256, 0] is inf and of [1e-4, 1e-4] is 0,
 * as in 1.13. */
static float norm_acc_reduced(ScalarType t, const double* v, int64_t n, double p) {
  float acc = 0;
  for (int64_t i = 0; i < n; i++) {
    float x = fabsf((float)v[i]);
    float term = p == 0 ? (float)(x != 0) : p == 1 ? x : p == 2 ? reduced_round(t, x * x) : reduced_round(t, powf(x, (float)p));
    acc = reduced_round(t, acc + term);
  }
  return acc;
}

/* The same in double. */
static double norm_acc_double(const double* v, int64_t n, double p) {
  double acc = 0;
  if (p == 0) {
    for (int64_t i = 0; i < n; i++) acc += v[i] != 0;
  } else if (p == 1) {
    for (int64_t i = 0; i < n; i++) acc += fabs(v[i]);
  } else if (p == 2) {
    for (int64_t i = 0; i < n; i++) acc += v[i] * v[i];
  } else {
    for (int64_t i = 0; i < n; i++) acc += pow(fabs(v[i]), p);
  }
  return acc;
}

/*
 * The accumulation of a row, as binary_kernel_reduce splits it: a norm
 * to one element over AT_GRAIN_SIZE elements or more, with more than one
 * thread set, is accumulated per parallel_for chunk (each from 0), and the
 * chunks' sums are added to 0 in thread order (NormOps::combine).
 * NB(minaten): the chunks are computed one after the other on this
 * thread; the bits are those of 1.13's threads.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce,
 * TensorIteratorReduce.cpp foreach_reduced_elt
 */
static double norm_acc(const NormRow* c, const double* v, int64_t n) {
  int64_t chunks = 1;
  if (c->whole && n >= AT_GRAIN_SIZE && !at_in_parallel_region()) {
    chunks = at_get_num_threads();
    if (divup(n, AT_GRAIN_SIZE) < chunks) chunks = divup(n, AT_GRAIN_SIZE);
  }
  int64_t chunk = divup(n, chunks);
  float total_f = 0;
  double total_d = 0;
  for (int64_t begin = 0; begin < n; begin += chunk) {
    int64_t len = n - begin < chunk ? n - begin : chunk;
    if (c->in_half != ScalarType_Undefined) total_f = reduced_round(c->in_half, total_f + norm_acc_reduced(c->in_half, v + begin, len, c->p));
    else if (c->in_float) total_f += norm_acc_float(v + begin, len, c->p);
    else total_d += norm_acc_double(v + begin, len, c->p);
  }
  return c->in_float ? (double)total_f : total_d;
}

/* NormOps::project: the root. */
static double norm_project(const NormRow* c, double acc) {
  if (c->p == 0 || c->p == 1) return acc;
  if (c->in_half != ScalarType_Undefined)
    return reduced_round(c->in_half, c->p == 2 ? sqrtf((float)acc) : powf((float)acc, (float)(1.0 / c->p)));
  if (c->in_float) return c->p == 2 ? (double)sqrtf((float)acc) : (double)powf((float)acc, (float)(1.0 / c->p));
  return c->p == 2 ? sqrt(acc) : pow(acc, 1.0 / c->p);
}

static void norm_row(const double* v, int64_t n, void* ctx, double* res) {
  const NormRow* c = ctx;
  if (n == 0) res[0] = 0; /* an empty row's norm, whatever p */
  else if (isinf(c->p)) res[0] = abs_extreme(v, n, c->p);
  else res[0] = norm_project(c, norm_acc(c, v, n));
}

/* The p-norm of self over dim, computed in `dtype` (self converted to it)
 * into a fresh tensor of that dtype.
 * PyTorch 1.13: ReduceOps.cpp impl_func_norm -> LinearAlgebra.cpp linalg_vector_norm_out */
static Tensor* vector_norm(const Tensor* self, OptionalScalar p, IntArrayRef dim, bool keepdim, ScalarType dtype) {
  ReduceRows g;
  Tensor *in = NULL, *out = NULL;
  NormRow ctx = {p.has_value ? Scalar_toDouble(p.value) : 2.0, dtype == ScalarType_Float, false, ScalarType_Undefined};
  /* Half accumulates in Half; BFloat16 too, but for the 2-norm, which 1.13
   * accumulates in float */
  if (ScalarType_isReducedFloating(dtype)) {
    ctx.in_float = true;
    if (dtype == ScalarType_Half || ctx.p != 2) ctx.in_half = dtype;
  }
  TRY(ReduceRows_init(&g, self, (OptionalIntArrayRef){true, dim}, keepdim) == 0);
  if (self->dtype == dtype) in = Tensor_retain(self);
  else TRY((in = at_to_dtype(self, dtype, false, false, kNoMemoryFormat)) != NULL);
  TRY((out = empty_cpu(IntArrayRef_make(g.out_sizes, (size_t)g.nout), dtype)) != NULL);
  ctx.whole = out->numel == 1;
  /* the kernel reads p as an integer or a double: a bool or complex p fails
   * there, when there are elements to reduce (an empty input never reaches it) */
  TORCH_CHECK(!p.has_value || in->numel == 0 || MetaMode_isEnabled() || Scalar_isIntegral(p.value) ||
                  Scalar_isFloatingPoint(p.value),
              "norm_kernel_tensor_iterator_impl expects norm to be integer or float");
  bool mask[MINATEN_MAX_DIM] = {false};
  for (int64_t i = 0; i < g.nred; i++) mask[g.red[i]] = true;
  if (ctx.p == 2 && dtype == ScalarType_Float && in->numel > 0 && reduction_is_lastdim(in, out, mask, keepdim))
    norm_two_lastdim_kernel(in, out, mask, keepdim); /* Note [The 2-norm of a contiguous row] */
  else
    TRY(ReduceRows_run(&g, in, norm_row, &ctx, out, NULL) == 0);
  Tensor_release(in);
  return out;
fail:
  Tensor_release(in);
  Tensor_release(out);
  return NULL;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(norm, ScalarOpt_dim) */
static int check_norm_input(const Tensor* self) {
  TORCH_CHECK(ScalarType_isFloating(self->dtype),
              "norm(): input dtype should be either floating point or complex. Got %s instead.",
              ScalarType_name(self->dtype));
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(norm, ScalarOpt_dim_dtype) */
static int check_norm_dtype(ScalarType dtype) {
  TORCH_CHECK(ScalarType_isFloating(dtype),
              "norm(): the desired output dtype should be either floating point or complex. Got %s instead.",
              ScalarType_name(dtype));
  return 0;
fail:
  return -1;
}

/* The reduced output, of out='s dtype, else the dtype asked for, else
 * self's real type.
 * PyTorch 1.13: ReduceOps.cpp get_result_or_self_value_dtype, resize_reduction */
static int norm_meta(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim, OptionalScalarType dtype) {
  ReduceRows g;
  if (ReduceRows_init(&g, self, (OptionalIntArrayRef){true, dim}, keepdim) < 0) return -1;
  const Tensor* result = StructuredOp_maybeGetOutput(op, 0);
  ScalarType out_dtype = result != NULL ? result->dtype : dtype.has_value ? dtype.value : ScalarType_toReal(self->dtype);
  return StructuredOp_setOutputRawStrided(op, 0, IntArrayRef_make(g.out_sizes, (size_t)g.nout), kNoStrides, out_dtype);
}

/* The norm computed in `dtype`, then copied into out, which must be
 * floating ("norm_cpu" refuses the others).  NB(minaten): 1.13's impl
 * calls linalg_vector_norm_out into out; this computes into a fresh
 * tensor first.
 * PyTorch 1.13: ReduceOps.cpp impl_func_norm */
static int norm_impl(const Tensor* self, OptionalScalar p, IntArrayRef dim, bool keepdim, ScalarType dtype,
                     Tensor* out) {
  TORCH_CHECK(ScalarType_isFloating(out->dtype), "\"norm_cpu\" not implemented for '%s'", ScalarType_name(out->dtype));
  if (MetaMode_isEnabled()) return 0;
  Tensor* r = vector_norm(self, p, dim, keepdim, dtype);
  if (r == NULL) return -1;
  int copied = copy_into(out, r);
  Tensor_release(r);
  return copied;
fail:
  return -1;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(norm, ScalarOpt_dim) */
int at_meta_norm_ScalarOpt_dim(StructuredOp* op, const Tensor* self, OptionalScalar p, IntArrayRef dim, bool keepdim) {
  (void)p;
  if (check_norm_input(self) < 0) return -1;
  return norm_meta(op, self, dim, keepdim, (OptionalScalarType){0});
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(norm_out) */
int at_impl_norm_out(StructuredOp* op, const Tensor* self, OptionalScalar p, IntArrayRef dim, bool keepdim, Tensor* out) {
  (void)op;
  return norm_impl(self, p, dim, keepdim, self->dtype, out);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(norm, ScalarOpt_dim_dtype) */
int at_meta_norm_ScalarOpt_dim_dtype(StructuredOp* op, const Tensor* self, OptionalScalar p, IntArrayRef dim,
                                     bool keepdim, ScalarType dtype) {
  (void)p;
  if (check_norm_dtype(dtype) < 0) return -1;
  return norm_meta(op, self, dim, keepdim, (OptionalScalarType){true, dtype});
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(norm_dtype_out) */
int at_impl_norm_dtype_out(StructuredOp* op, const Tensor* self, OptionalScalar p, IntArrayRef dim, bool keepdim,
                           ScalarType dtype, Tensor* out) {
  (void)op;
  return norm_impl(self, p, dim, keepdim, dtype, out);
}
/* Every dim, through the dispatcher (at::norm with dim {}), so that a lazy
 * self reaches the Lazy kernel (or the eager fallback) of the dim overload.
 * PyTorch 1.13: ReduceOps.cpp at::native::norm (Scalar p) */
Tensor* at_native_norm_Scalar(const Tensor* self, Scalar p) {
  return at_norm_ScalarOpt_dim(self, (OptionalScalar){true, p}, (IntArrayRef){NULL, 0}, false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::norm (optional p, dtype): at::norm with dim {} */
Tensor* at_native_norm_ScalarOpt_dtype(const Tensor* self, OptionalScalar p, ScalarType dtype) {
  return at_norm_ScalarOpt_dim_dtype(self, p, (IntArrayRef){NULL, 0}, false, dtype);
}

/* The p-norm of self - other (broadcast): sub.Tensor, then norm.Scalar,
 * below the trace (CompositeExplicitAutograd); DistBackward0 differentiates it.
 * PyTorch 1.13: ReduceOps.cpp at::native::dist */
Tensor* at_native_dist(const Tensor* self, const Tensor* other, Scalar p) {
  Tensor* diff = at_sub_Tensor(self, other, Scalar_fromLong(1));
  if (diff == NULL) return NULL;
  Tensor* r = at_norm_Scalar(diff, p);
  Tensor_release(diff);
  return r;
}

/* ---- frobenius_norm ------------------------------------------------------ */

/* PyTorch 1.13: LinearAlgebra.cpp at::native::frobenius_norm (dim) */
Tensor* at_native_frobenius_norm_dim(const Tensor* self, IntArrayRef dim, bool keepdim) {
  Tensor *sq = NULL, *sum = NULL, *r = NULL;
  TORCH_CHECK(dim.size <= 2, "Expected at most 2 dimensions, but got %zu dimensions instead.", dim.size);
  if (dim.size <= 1) return at_norm_ScalarOpt_dim(self, (OptionalScalar){true, Scalar_fromLong(2)}, dim, keepdim);
  int64_t wrapped[2];
  for (int i = 0; i < 2; i++) TRY((wrapped[i] = maybe_wrap_dim(dim.data[i], self->dim, true)) >= 0);
  TORCH_CHECK(wrapped[0] != wrapped[1], "Expected dims to be different, got [%lld, %lld] instead",
              (long long)dim.data[0], (long long)dim.data[1]);
  TRY((sq = at_mul_Tensor(self, self)) != NULL);
  TRY((sum = at_sum_dim_IntList(sq, (OptionalIntArrayRef){true, {wrapped, 2}}, keepdim, kNoDtype)) != NULL);
  r = at_sqrt(sum);
fail:
  Tensor_release(sq);
  Tensor_release(sum);
  return r;
}

/* frobenius_norm, then out resized (resize_) and written (copy_).
 * NB(minaten): an out that holds elements is resized by resize_output,
 * with 1.13's warning, but without the traced resize_.
 * PyTorch 1.13: LinearAlgebra.cpp at::native::frobenius_norm_out */
Tensor* at_native_frobenius_norm_out(const Tensor* self, IntArrayRef dim, bool keepdim, Tensor* out) {
  Tensor* r = at_frobenius_norm_dim(self, dim, keepdim);
  Tensor* w = NULL;
  if (r == NULL) return NULL;
  if (!Tensor_hasSizes(out, Tensor_sizes(r))) {
    if (out->numel != 0) TRY(resize_output(out, Tensor_sizes(r)) >= 0);
    else TRY((w = at_resize_(out, Tensor_sizes(r), kNoMemoryFormat)) != NULL);
    Tensor_release(w);
  }
  w = at_copy_(out, r, false);
fail:
  Tensor_release(r);
  return w;
}

/* ---- logsumexp ----------------------------------------------------------- */

/* PyTorch 1.13: ReduceOps.cpp squeeze_multiple */
static Tensor* squeeze_multiple(const Tensor* self, IntArrayRef dims) {
  bool mask[MINATEN_MAX_DIM] = {false};
  for (size_t i = 0; i < dims.size; i++) {
    int64_t d = maybe_wrap_dim(dims.data[i], self->dim, true);
    if (d < 0) return NULL;
    if (self->dim > 0) mask[d] = true;
  }
  Tensor* r = Tensor_retain(self);
  for (int64_t i = self->dim - 1; i >= 0 && r != NULL; i--) {
    if (!mask[i]) continue;
    Tensor* s = at_squeeze_dim(r, i);
    Tensor_release(r);
    r = s;
  }
  return r;
}

/* PyTorch 1.13: ReduceOps.cpp logsumexp_out_impl */
static Tensor* logsumexp_out_impl(Tensor* result, const Tensor* self, IntArrayRef dims, bool keepdim) {
  Tensor *maxes = NULL, *sq = NULL, *absq = NULL, *isinf_ = NULL, *filled = NULL, *diff = NULL, *e = NULL,
         *s = NULL, *l = NULL, *r = NULL;
  OptionalIntArrayRef d = {true, dims};
  if (self->numel != 0) {
    TRY((maxes = at_amax(self, dims, true)) != NULL);
    TRY((sq = keepdim ? Tensor_retain(maxes) : squeeze_multiple(maxes, dims)) != NULL);
    TRY((absq = at_abs(sq)) != NULL);
    TRY((isinf_ = at_eq_Scalar(absq, Scalar_fromDouble(INFINITY))) != NULL);
    TRY((filled = at_masked_fill__Scalar(sq, isinf_, Scalar_fromLong(0))) != NULL);
    TRY((diff = at_sub_Tensor(self, maxes, Scalar_fromLong(1))) != NULL);
    TRY((e = at_exp_(diff)) != NULL);
    TRY((s = at_sum_IntList_out(e, d, keepdim, kNoDtype, result)) != NULL);
    TRY((l = at_log_(result)) != NULL);
    r = at_add__Tensor(result, sq, Scalar_fromLong(1));
  } else {
    TRY((e = at_exp(self)) != NULL);
    TRY((s = at_sum_IntList_out(e, d, keepdim, kNoDtype, result)) != NULL);
    r = at_log_(result);
  }
fail:
  Tensor_release(maxes);
  Tensor_release(sq);
  Tensor_release(absq);
  Tensor_release(isinf_);
  Tensor_release(filled);
  Tensor_release(diff);
  Tensor_release(e);
  Tensor_release(s);
  Tensor_release(l);
  return r;
}

/* Integer and bool inputs are converted to the default dtype first.
 * PyTorch 1.13: ReduceOps.cpp at::native::logsumexp_out */
Tensor* at_native_logsumexp_out(const Tensor* self, IntArrayRef dim, bool keepdim, Tensor* out) {
  TORCH_CHECK(ScalarType_isFloating(out->dtype),
              "logsumexp(): Expected floating point type for result tensor, but got: %s", ScalarType_name(out->dtype));
  if (!ScalarType_isIntegral(self->dtype, true)) return logsumexp_out_impl(out, self, dim, keepdim);
  Tensor* f = at_to_dtype(self, get_default_dtype_as_scalartype(), false, false, kNoMemoryFormat);
  if (f == NULL) return NULL;
  Tensor* r = logsumexp_out_impl(out, f, dim, keepdim);
  Tensor_release(f);
  return r;
fail:
  return NULL;
}

/* A fresh result (the default dtype for integer inputs), through logsumexp.out.
 * PyTorch 1.13: ReduceOps.cpp at::native::logsumexp */
Tensor* at_native_logsumexp(const Tensor* self, IntArrayRef dim, bool keepdim) {
  ScalarType t = ScalarType_isIntegral(self->dtype, true) ? get_default_dtype_as_scalartype() : self->dtype;
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format((IntArrayRef){&zero, 1}, (OptionalScalarType){true, t}, kNoLayout,
                                          (OptionalDevice){true, self->device}, kNoPinMemory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_logsumexp_out(self, dim, keepdim, result);
  Tensor_release(result);
  return r;
}
