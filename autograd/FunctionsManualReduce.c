/*
 * FunctionsManualReduce.c - the backward helpers of var, std, var_mean,
 * std_mean, logsumexp, logcumsumexp and norm that yaml/derivatives.yaml
 * calls.
 *
 * Each calls operators through their entry points, in the order 1.13's
 * compiled C++ calls them (GCC evaluates the operands of `a * b` right to
 * left), so that a trace taken during backward shows 1.13's lines: for
 * `(2.0 / dof) * grad * (self - self.mean())`, mean, sub, mul.Scalar, then
 * mul.Tensor.  A helper that reduced over dims first gives grad (and any
 * saved result) back the reduced dimensions (unsqueeze_multiple), unless
 * keepdim kept them.
 *
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp (var_backward,
 * std_backward, var_mean_backward, std_mean_backward, logsumexp_backward,
 * logcumsumexp_backward, norm_backward)
 */
#include <math.h>

#include "Functions.h"
#include "autograd/FunctionsManual.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* *t replaced by next (released first); next, NULL on error. */
static Tensor* replace(Tensor** t, Tensor* next) {
  Tensor_release(*t);
  *t = next;
  return next;
}

/* The number of elements reduced over dims.  -1 with the error set on a bad dim.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp _safe_size */
static int64_t safe_size(const Tensor* self, IntArrayRef dims) {
  int64_t n = 1;
  if (self->dim == 0) return 1;
  for (size_t i = 0; i < dims.size; i++) {
    int64_t d = maybe_wrap_dim(dims.data[i], self->dim, true);
    if (d < 0) return -1;
    n *= self->sizes[d];
  }
  return n;
}

/* 2 / (n - correction) * grad * (self - mean): over every element when dim
 * is absent (INFINITY * grad when n == correction), else over dim with the
 * reduced dimensions restored.  n - correction is a SymInt in 1.13, its
 * int64_t difference wrapping: one in the range PyTorch reserves for
 * symbolic values (6 - (-2**63)) fails "Expected !is_symbolic() ...".
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp var_backward */
Tensor* var_backward(const Tensor* grad_in, const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction_opt,
                     bool keepdim) {
  int64_t correction = correction_opt.has_value ? correction_opt.value : 1;
  Tensor *grad = NULL, *mean = NULL, *diff = NULL, *scaled = NULL, *r = NULL;
  double dof;
  if (self->dim == 0 || !dim.has_value) {
    int64_t n = self->numel;
    if (n == correction) return at_mul_Scalar(grad_in, Scalar_fromDouble(INFINITY));
    TRY(SymInt_check(sub_wrap(n, correction)) == 0);
    TRY((mean = at_mean(self, kNoDtype)) != NULL);
    dof = (double)sub_wrap(n, correction);
    grad = Tensor_retain(grad_in);
  } else {
    grad = !keepdim && self->dim > 1 ? unsqueeze_multiple(grad_in, dim, (size_t)self->dim) : Tensor_retain(grad_in);
    TRY(grad != NULL);
    int64_t n = safe_size(self, dim.value);
    TRY(n >= 0);
    TRY(SymInt_check(sub_wrap(n, correction)) == 0);
    dof = (double)sub_wrap(n, correction);
    TRY((mean = at_mean_dim(self, dim, true, kNoDtype)) != NULL);
  }
  TRY((diff = at_sub_Tensor(self, mean, Scalar_fromLong(1))) != NULL);
  TRY((scaled = at_mul_Scalar(grad, Scalar_fromDouble(2.0 / dof))) != NULL);
  r = at_mul_Tensor(scaled, diff);
fail:
  Tensor_release(grad);
  Tensor_release(mean);
  Tensor_release(diff);
  Tensor_release(scaled);
  return r;
}

/* var_backward of grad / (2 * std), zero where std is zero.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp std_backward */
Tensor* std_backward(const Tensor* result, const Tensor* grad, const Tensor* self, OptionalIntArrayRef dim,
                     OptionalInt correction, bool keepdim) {
  Tensor *twice = NULL, *q = NULL, *zero = NULL, *gvar = NULL, *r = NULL;
  TRY((twice = at_mul_Scalar(result, Scalar_fromLong(2))) != NULL);
  TRY((q = at_div_Tensor(grad, twice)) != NULL);
  TRY((zero = at_eq_Scalar(result, Scalar_fromLong(0))) != NULL);
  TRY((gvar = at_masked_fill__Scalar(q, zero, Scalar_fromLong(0))) != NULL);
  r = var_backward(gvar, self, dim, correction, keepdim);
fail:
  Tensor_release(twice);
  Tensor_release(q);
  Tensor_release(zero);
  Tensor_release(gvar);
  return r;
}

/* The gradient of (var or std, mean): each defined one's, added. */
static Tensor* stat_mean_backward(Tensor* gself, const Tensor* gmean, const Tensor* self, OptionalIntArrayRef dim,
                                  bool keepdim) {
  if (gmean == NULL) return gself;
  OptionalIntArrayRef d = dim;
  if (!d.has_value) d = (OptionalIntArrayRef){true, {NULL, 0}}; /* dim.value_or(IntArrayRef({})) */
  Tensor* aux = mean_backward(gmean, Tensor_sizes(self), d, self->numel, keepdim);
  if (aux == NULL || gself == NULL) {
    Tensor_release(gself);
    return aux;
  }
  Tensor* r = at_add_Tensor(gself, aux, Scalar_fromLong(1));
  Tensor_release(gself);
  Tensor_release(aux);
  return r;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp var_mean_backward */
Tensor* var_mean_backward(const Tensor* gvar, const Tensor* gmean, const Tensor* self, OptionalIntArrayRef dim,
                          OptionalInt correction, bool keepdim) {
  Tensor* gself = NULL;
  if (gvar != NULL && (gself = var_backward(gvar, self, dim, correction, keepdim)) == NULL) return NULL;
  return stat_mean_backward(gself, gmean, self, dim, keepdim);
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp std_mean_backward */
Tensor* std_mean_backward(const Tensor* gstd, const Tensor* gmean, const Tensor* self, const Tensor* std,
                          OptionalIntArrayRef dim, OptionalInt correction, bool keepdim) {
  Tensor* gself = NULL;
  if (gstd != NULL && (gself = std_backward(std, gstd, self, dim, correction, keepdim)) == NULL) return NULL;
  return stat_mean_backward(gself, gmean, self, dim, keepdim);
}

/* grad * exp(self - result), grad and result with the reduced dims restored.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp logsumexp_backward */
Tensor* logsumexp_backward(const Tensor* grad_in, const Tensor* self, const Tensor* result_in, IntArrayRef dim,
                           bool keepdim) {
  Tensor *grad = NULL, *result = NULL, *diff = NULL, *e = NULL, *r = NULL;
  OptionalIntArrayRef d = {true, dim};
  if (!keepdim && self->dim != 0) {
    TRY((grad = unsqueeze_multiple(grad_in, d, (size_t)self->dim)) != NULL);
    TRY((result = unsqueeze_multiple(result_in, d, (size_t)self->dim)) != NULL);
  } else {
    grad = Tensor_retain(grad_in);
    result = Tensor_retain(result_in);
  }
  TRY((diff = at_sub_Tensor(self, result, Scalar_fromLong(1))) != NULL);
  TRY((e = at_exp(diff)) != NULL);
  r = at_mul_Tensor(grad, e);
fail:
  Tensor_release(grad);
  Tensor_release(result);
  Tensor_release(diff);
  Tensor_release(e);
  return r;
}

/* exp(reverse_logcumsumexp(log_grad - result) + self): the part of
 * logcumsumexp_backward for one sign of grad (log_grad is log|grad| there,
 * the dtype's lowest value elsewhere).  The reverse is flip, logcumsumexp,
 * flip along dim. */
static Tensor* logcumsumexp_backward_part(const Tensor* log_grad, const Tensor* self, const Tensor* result,
                                          int64_t dim) {
  Tensor *t = NULL, *u = NULL;
  TRY((t = at_sub_Tensor(log_grad, result, Scalar_fromLong(1))) != NULL);
  TRY(replace(&u, at_flip(t, (IntArrayRef){&dim, 1})) != NULL);
  TRY(replace(&t, at_logcumsumexp(u, dim)) != NULL);
  TRY(replace(&u, at_flip(t, (IntArrayRef){&dim, 1})) != NULL);
  TRY(replace(&t, at_add_Tensor(u, self, Scalar_fromLong(1))) != NULL);
  TRY(replace(&u, at_exp(t)) != NULL);
fail:
  Tensor_release(t);
  return u;
}

/* log|grad| where grad has the sign (positive: gt, negative: lt),
 * grad_min elsewhere: at::where(grad > 0, grad.log(), grad_min), its
 * operands computed right to left. */
static Tensor* logcumsumexp_log_grad(const Tensor* grad, const Tensor* grad_min, bool positive) {
  Tensor *n = NULL, *l = NULL, *c = NULL, *r = NULL;
  if (positive) {
    TRY((l = at_log(grad)) != NULL);
  } else {
    TRY((n = at_neg(grad)) != NULL);
    TRY((l = at_log(n)) != NULL);
  }
  TRY((c = positive ? at_gt_Scalar(grad, Scalar_fromLong(0)) : at_lt_Scalar(grad, Scalar_fromLong(0))) != NULL);
  r = at_where_self(c, l, grad_min);
fail:
  Tensor_release(n);
  Tensor_release(l);
  Tensor_release(c);
  return r;
}

/* The gradient of logcumsumexp, TensorFlow's: positive and negative parts
 * of grad carried in log space through a reversed logcumsumexp.  A 0-dim or
 * empty grad is its own gradient.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp logcumsumexp_backward */
Tensor* logcumsumexp_backward(const Tensor* grad, const Tensor* self, const Tensor* result, int64_t dim) {
  if (grad->dim == 0 || grad->numel == 0) return Tensor_retain(grad);
  Tensor *grad_min = NULL, *f = NULL, *lp = NULL, *ln = NULL, *pos = NULL, *neg = NULL, *r = NULL;
  TORCH_CHECK(grad->dtype == ScalarType_Float || grad->dtype == ScalarType_Double ||
                  grad->dtype == ScalarType_BFloat16,
              "\"logcumsumexp_backward\" not implemented for '%s'", ScalarType_name(grad->dtype));
  double lowest = -ScalarType_floatingMax(grad->dtype); /* numeric_limits<scalar_t>::lowest() */
  TRY((grad_min = at_empty_like(grad, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat)) != NULL);
  TRY((f = at_fill__Scalar(grad_min, Scalar_fromDouble(lowest))) != NULL);
  TRY((lp = logcumsumexp_log_grad(grad, grad_min, true)) != NULL);
  TRY((ln = logcumsumexp_log_grad(grad, grad_min, false)) != NULL);
  TRY((pos = logcumsumexp_backward_part(lp, self, result, dim)) != NULL);
  TRY((neg = logcumsumexp_backward_part(ln, self, result, dim)) != NULL);
  r = at_sub_Tensor(pos, neg, Scalar_fromLong(1));
fail:
  Tensor_release(grad_min);
  Tensor_release(f);
  Tensor_release(lp);
  Tensor_release(ln);
  Tensor_release(pos);
  Tensor_release(neg);
  return r;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp norm_backward (no dim) */
Tensor* norm_backward(const Tensor* grad, const Tensor* self, OptionalScalar p, const Tensor* norm) {
  return norm_backward_dim(grad, self, p, norm, (IntArrayRef){NULL, 0}, true);
}

/* The gradient of the p-norm over dim, by the cases of p: 0 has none (an
 * undefined gradient), 1 is sgn(self), 2 is self / norm, inf is shared
 * among the elements whose |x| is the norm (or NaN), and the others are
 * sgn(self) |self|^(p-1) / norm^(p-1); zero where the norm is zero.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp norm_backward */
Tensor* norm_backward_dim(const Tensor* grad_in, const Tensor* self, OptionalScalar p_opt, const Tensor* norm_in,
                          IntArrayRef dim, bool keepdim) {
  double p = p_opt.has_value ? Scalar_toDouble(p_opt.value) : 2.0;
  Tensor *grad = NULL, *norm = NULL, *a = NULL, *b = NULL, *c = NULL, *m = NULL, *s = NULL, *r = NULL;
  OptionalIntArrayRef d = {true, dim};
  if (!keepdim && self->dim != 0) {
    TRY((grad = unsqueeze_multiple(grad_in, d, (size_t)self->dim)) != NULL);
    TRY((norm = unsqueeze_multiple(norm_in, d, (size_t)self->dim)) != NULL);
  } else {
    grad = Tensor_retain(grad_in);
    norm = Tensor_retain(norm_in);
  }
  if (p == 0.0) {
    /* an undefined gradient: the engine gives self none */
    r = NULL;
    goto fail;
  } else if (p == 1.0) {
    TRY((a = at_sgn(self)) != NULL);
    r = at_mul_Tensor(a, grad);
  } else if (p == 2.0) {
    /* grad * (self / norm).masked_fill_(norm == 0, 0) */
    TRY((a = at_div_Tensor(self, norm)) != NULL);
    TRY((m = at_eq_Scalar(norm, Scalar_fromLong(0))) != NULL);
    TRY((b = at_masked_fill__Scalar(a, m, Scalar_fromLong(0))) != NULL);
    r = at_mul_Tensor(grad, b);
  } else if (isinf(p)) {
    /* self.sgn() * ((grad / mask.sum(dim, true)) * mask), mask = |self| == norm or NaN */
    TRY((a = at_abs(self)) != NULL);
    TRY((b = at_eq_Tensor(a, norm)) != NULL);
    TRY((c = at_isnan(a)) != NULL);
    TRY((m = at_logical_or(b, c)) != NULL);
    TRY(replace(&b, at_sum_dim_IntList(m, d, true, kNoDtype)) != NULL);
    TRY(replace(&c, at_div_Tensor(grad, b)) != NULL);
    TRY((s = at_mul_Tensor(c, m)) != NULL);
    TRY(replace(&a, at_sgn(self)) != NULL);
    r = at_mul_Tensor(a, s);
  } else if (p < 1.0) {
    /* self.sgn() * self.abs().pow_(p - 1).masked_fill_(self == 0, 0), then * grad * norm.pow(1 - p) */
    TRY((a = at_abs(self)) != NULL);
    TRY((b = at_pow__Scalar(a, Scalar_fromDouble(p - 1))) != NULL);
    TRY((m = at_eq_Scalar(self, Scalar_fromLong(0))) != NULL);
    TRY(replace(&b, at_masked_fill__Scalar(b, m, Scalar_fromLong(0))) != NULL);
    TRY((c = at_sgn(self)) != NULL);
    TRY((s = at_mul_Tensor(c, b)) != NULL);
    TRY(replace(&a, at_pow_Tensor_Scalar(norm, Scalar_fromDouble(1 - p))) != NULL);
    TRY(replace(&b, at_mul_Tensor(s, grad)) != NULL);
    r = at_mul_Tensor(b, a);
  } else {
    /* p < 2: self.sgn() * self.abs().pow_(p - 1); p > 2: self * self.abs().pow_(p - 2);
     * then * (grad / norm.pow(p - 1)).masked_fill_(norm == 0, 0) */
    TRY((a = at_abs(self)) != NULL);
    TRY((b = at_pow__Scalar(a, Scalar_fromDouble(p < 2.0 ? p - 1 : p - 2))) != NULL);
    if (p < 2.0) {
      TRY((c = at_sgn(self)) != NULL);
      TRY((s = at_mul_Tensor(c, b)) != NULL);
    } else {
      TRY((s = at_mul_Tensor(self, b)) != NULL);
    }
    TRY(replace(&a, at_pow_Tensor_Scalar(norm, Scalar_fromDouble(p - 1))) != NULL);
    TRY(replace(&b, at_div_Tensor(grad, a)) != NULL);
    TRY((m = at_eq_Scalar(norm, Scalar_fromLong(0))) != NULL);
    TRY(replace(&c, at_masked_fill__Scalar(b, m, Scalar_fromLong(0))) != NULL);
    r = at_mul_Tensor(s, c);
  }
fail:
  Tensor_release(grad);
  Tensor_release(norm);
  Tensor_release(a);
  Tensor_release(b);
  Tensor_release(c);
  Tensor_release(m);
  Tensor_release(s);
  return r;
}
