/*
 * test_autograd_functions_manual.c - the helpers of autograd/FunctionsManual.c
 * called directly: their values, shapes and strides, and for each one the
 * operators they call, traced, against 1.13's.
 *
 * Every expected value, stride and operator sequence was read off 1.13
 * (/usr/bin/python3): torch.autograd.grad of the forward operator whose
 * formula calls the helper, under a TorchDispatchMode printing each call
 * (the lines below `is_same_size` and the saved variables' `detach`).  As in
 * 1.13, a trace shows the "subclass-like" path of prod_backward,
 * evenly_distribute_backward, index_backward, cumprod_backward, clamp's
 * tensor-bound helpers, index_select_backward and gather_backward (Note
 * [Subclass-like paths under the trace]); the same helpers run untraced give the same values
 * through the other path.  The inputs are 1.13's P(2, 3) =
 * arange(1, 7).reshape(2, 3) / 4 and friends.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"
#include "autograd/FunctionsManual.h"
#include "dispatch/TraceMode.h"
#include "runtime/GradMode.h"

/* ---- tensors -------------------------------------------------------------------- */

/* A contiguous float tensor of the given shape and values. */
static Tensor* tensor_of(IntArrayRef shape, const float* vals) {
  Tensor* t = at_empty_memory_format(shape, kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(t);
  memcpy(Tensor_data(t), vals, (size_t)t->numel * sizeof(float));
  return t;
}
#define T(shape, ...) tensor_of(shape, (const float[]){__VA_ARGS__})

/* A contiguous int64 tensor of the given shape and values (indices). */
static Tensor* long_tensor(IntArrayRef shape, const int64_t* vals) {
  OptionalScalarType dtype = {true, ScalarType_Long};
  Tensor* t = at_empty_memory_format(shape, dtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(t);
  memcpy(Tensor_data(t), vals, (size_t)t->numel * sizeof(int64_t));
  return t;
}

/* 1.13's P(*shape): arange(1, n + 1) / 4 in that shape. */
static Tensor* P(IntArrayRef shape) {
  Tensor* t = at_empty_memory_format(shape, kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(t);
  for (int64_t i = 0; i < t->numel; i++) ((float*)Tensor_data(t))[i] = (float)(i + 1) / 4;
  return t;
}

static Tensor* ones(IntArrayRef shape) {
  Tensor* t = at_ones(shape, kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(t);
  return t;
}

/* t's values (read in memory order of its logical elements) equal expected
 * within 1e-6 relative. */
static void assert_values(const Tensor* t, const float* expected, int64_t n) {
  assert_non_null(t);
  assert_int_equal(t->numel, n);
  Tensor* c = at_contiguous(t, MemoryFormat_Contiguous);
  assert_non_null(c);
  for (int64_t i = 0; i < n; i++) {
    float v = ((const float*)Tensor_data(c))[i];
    if (fabsf(v - expected[i]) > 1e-6f * fmaxf(1.f, fabsf(expected[i]))) {
      fail_msg("element %lld: %.9g, expected %.9g", (long long)i, (double)v, (double)expected[i]);
    }
  }
  Tensor_release(c);
}
#define ASSERT_VALUES(t, ...) \
  assert_values(t, (const float[]){__VA_ARGS__}, (int64_t)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)))

static void assert_geometry(const Tensor* t, IntArrayRef sizes, IntArrayRef strides) {
  assert_int_equal(t->dim, (int64_t)sizes.size);
  for (size_t i = 0; i < sizes.size; i++) {
    assert_int_equal(t->sizes[i], sizes.data[i]);
    assert_int_equal(t->strides[i], strides.data[i]);
  }
}

/* ---- the trace ------------------------------------------------------------------- */

static char* trace_buf;
static size_t trace_len;
static FILE* trace_file;
static void trace_start(void) {
  trace_file = open_memstream(&trace_buf, &trace_len);
  assert_non_null(trace_file);
  TraceMode_setOutput(trace_file);
  TraceMode_setEnabled(true);
}
/* Stops the trace and checks it printed exactly `expected`. */
static void trace_expect(const char* expected) {
  TraceMode_setEnabled(false);
  TraceMode_setOutput(NULL);
  fclose(trace_file);
  assert_string_equal(trace_buf, expected);
  free(trace_buf);
  trace_buf = NULL;
}

static const OptionalScalar kNoScalar = {false, {0}};
static OptionalScalar some_scalar(double d) {
  OptionalScalar s = {true, Scalar_fromDouble(d)};
  return s;
}

/* ---- arithmetic ------------------------------------------------------------------- */

/* handle_r_to_c and maybe_multiply(t, 1) return the tensor itself (1.13
 * returns its argument); maybe_multiply(t, 2) is mul.Scalar, as in add's
 * backward with alpha=2 (1.13: `op aten::mul.Scalar`, grad 2). */
static void test_identities_maybe_multiply_and_scalar_others(void** state) {
  (void)state;
  Tensor* g = ones(INTS(3));
  Tensor* r = handle_r_to_c(ScalarType_Float, g);
  assert_ptr_equal(r, g);
  Tensor_release(r);
  trace_start();
  r = maybe_multiply(g, Scalar_fromLong(1));
  Tensor* r2 = maybe_multiply(g, Scalar_fromDouble(1.0));
  Tensor* r3 = maybe_multiply(g, Scalar_fromLong(2));
  trace_expect("op aten::mul.Scalar\n");
  assert_ptr_equal(r, g);
  assert_ptr_equal(r2, g);
  ASSERT_VALUES(r3, 2, 2, 2);
  Tensor_release(r);
  Tensor_release(r2);
  Tensor_release(r3);
  /* torch.ops.aten.mul.Scalar(x, 3) / div.Scalar(x, 3) / div.Scalar_mode(x, 3, "floor"):
   * mul.Tensor, div.Tensor (the Scalar wrapped), zeros_like */
  trace_start();
  Tensor* m = mul_tensor_backward_Scalar(g, Scalar_fromLong(3), ScalarType_Float);
  Tensor* d = div_tensor_self_backward_Scalar(g, Scalar_fromLong(3), ScalarType_Float, NULL);
  Tensor* z = div_tensor_self_backward_Scalar(g, Scalar_fromLong(3), ScalarType_Float, "floor");
  trace_expect("op aten::mul.Tensor\nop aten::div.Tensor\nop aten::zeros_like\n");
  ASSERT_VALUES(m, 3, 3, 3);
  ASSERT_VALUES(d, 1 / 3.f, 1 / 3.f, 1 / 3.f);
  ASSERT_VALUES(z, 0, 0, 0);
  assert_int_equal(m->dtype, ScalarType_Float);
  Tensor_release(m);
  Tensor_release(d);
  Tensor_release(z);
  Tensor_release(g);
}

/* x / y, x P(2, 3), y P(3): 1.13's DivBackward0 computes other's gradient
 * first (the formulas' keys sorted): div.Tensor, div.Tensor, neg,
 * mul.Tensor, then self's: div.Tensor; other's gradient
 * summed over dim 0 is [-20, -7, -4]; with rounding_mode, zeros_like. */
static void test_div_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *y = P(INTS(3)), *g = ones(INTS(2, 3));
  trace_start();
  Tensor* go = div_tensor_other_backward(g, x, y, NULL);
  Tensor* gs = div_tensor_self_backward(g, y, ScalarType_Float, NULL);
  trace_expect("op aten::div.Tensor\nop aten::div.Tensor\nop aten::neg\nop aten::mul.Tensor\nop aten::div.Tensor\n");
  ASSERT_VALUES(gs, 4, 2, 1.3333333730697632f, 4, 2, 1.3333333730697632f);
  OptionalIntArrayRef d0 = {true, INTS(0)};
  Tensor* summed = at_sum_dim_IntList(go, d0, false, kNoDtype);
  ASSERT_VALUES(summed, -20, -7, -4);
  trace_start();
  Tensor* zt = div_tensor_other_backward(g, x, y, "trunc");
  Tensor* zf = div_tensor_self_backward(g, y, ScalarType_Float, "floor");
  trace_expect("op aten::zeros_like\nop aten::zeros_like\n");
  ASSERT_VALUES(zf, 0, 0, 0, 0, 0, 0);
  ASSERT_VALUES(zt, 0, 0, 0, 0, 0, 0);
  Tensor* all[] = {x, y, g, gs, go, summed, zf, zt};
  for (size_t i = 0; i < 8; i++) Tensor_release(all[i]);
}

/* x ** 3 (pow.Tensor_Scalar, mul.Scalar, mul.Tensor: 3 x^2) and x ** 0
 * (zeros_like); x ** y with x P(2, 3), y P(3), and 2. ** y. */
static void test_pow_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *y = P(INTS(3)), *g = ones(INTS(2, 3)), *gy = ones(INTS(3));
  trace_start();
  Tensor* a = pow_backward(g, x, Scalar_fromLong(3));
  Tensor* z = pow_backward(g, x, Scalar_fromLong(0));
  trace_expect("op aten::pow.Tensor_Scalar\nop aten::mul.Scalar\nop aten::mul.Tensor\nop aten::zeros_like\n");
  ASSERT_VALUES(a, 0.1875f, 0.75f, 1.6875f, 3.0f, 4.6875f, 6.75f);
  ASSERT_VALUES(z, 0, 0, 0, 0, 0, 0);
  Tensor* result = at_pow_Tensor_Tensor(x, y);
  trace_start();
  Tensor* ge = pow_backward_exponent(g, x, y, result);
  Tensor* gs = pow_backward_self(g, x, y);
  trace_expect("op aten::ge.Scalar\nop aten::eq.Scalar\nop aten::logical_and\nop aten::log\nop aten::mul.Tensor\n"
               "op aten::zeros\nop aten::where.self\nop aten::mul.Tensor\n"
               "op aten::sub.Scalar\nop aten::pow.Tensor_Tensor\nop aten::mul.Tensor\nop aten::mul.Tensor\n"
               "op aten::zeros\nop aten::eq.Scalar\nop aten::where.self\n");
  ASSERT_VALUES(gs, 0.7071067690849304f, 0.7071067690849304f, 0.8059274554252625f, 0.25f, 0.4472135901451111f,
                0.677701473236084f);
  OptionalIntArrayRef d0 = {true, INTS(0)};
  Tensor* ges = at_sum_dim_IntList(ge, d0, false, kNoDtype);
  ASSERT_VALUES(ges, -0.9802581071853638f, -0.24064697325229645f, 0.31771770119667053f);
  /* torch.pow(2., y): mul.Scalar, mul.Tensor; torch.pow(0., y): mul.Scalar, zeros, ge.Scalar, where.self, mul.Tensor */
  Tensor* r2 = at_pow_Scalar(Scalar_fromDouble(2.), y);
  Tensor* r0 = at_pow_Scalar(Scalar_fromDouble(0.), y);
  trace_start();
  Tensor* b2 = pow_backward_exponent_Scalar(gy, Scalar_fromDouble(2.), y, r2);
  Tensor* b0 = pow_backward_exponent_Scalar(gy, Scalar_fromDouble(0.), y, r0);
  trace_expect("op aten::mul.Scalar\nop aten::mul.Tensor\n"
               "op aten::mul.Scalar\nop aten::zeros\nop aten::ge.Scalar\nop aten::where.self\nop aten::mul.Tensor\n");
  ASSERT_VALUES(b2, 0.8242955207824707f, 0.9802581071853638f, 1.1657299995422363f);
  ASSERT_VALUES(b0, 0, 0, 0);
  Tensor* all[] = {x, y, g, gy, a, z, result, ge, gs, ges, r2, r0, b2, b0};
  for (size_t i = 0; i < 14; i++) Tensor_release(all[i]);
}

/* clamp(x, 0.5, 1.0), clamp(min=0.5), clamp(max=0.5) of P(2, 3). */
static void test_clamp_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g = ones(INTS(2, 3));
  trace_start();
  Tensor* both = clamp_backward(g, x, some_scalar(0.5), some_scalar(1.0));
  Tensor* lo = clamp_backward(g, x, some_scalar(0.5), kNoScalar);
  Tensor* hi = clamp_backward(g, x, kNoScalar, some_scalar(0.5));
  Tensor* none = clamp_backward(g, x, kNoScalar, kNoScalar);
  trace_expect("op aten::scalar_tensor\nop aten::ge.Scalar\nop aten::le.Scalar\nop aten::logical_and_\n"
               "op aten::where.self\n"
               "op aten::scalar_tensor\nop aten::ge.Scalar\nop aten::where.self\n"
               "op aten::scalar_tensor\nop aten::le.Scalar\nop aten::where.self\n");
  ASSERT_VALUES(both, 0, 1, 1, 1, 0, 0);
  ASSERT_VALUES(lo, 0, 1, 1, 1, 1, 1);
  ASSERT_VALUES(hi, 1, 1, 0, 0, 0, 0);
  assert_ptr_equal(none, g);
  Tensor* all[] = {x, g, both, lo, hi, none};
  for (size_t i = 0; i < 6; i++) Tensor_release(all[i]);
}

/* ---- reductions ------------------------------------------------------------------ */

/* x.sum() (expand, strides (0, 0)), x.sum(1) (unsqueeze, expand: (1, 0)),
 * x.sum(1, keepdim=True) (expand); x.mean(1) (unsqueeze, expand, div.Scalar: 1/3). */
static void test_sum_and_mean_backward(void** state) {
  (void)state;
  Tensor *g0 = ones(INTS()), *g1 = ones(INTS(2)), *gk = ones(INTS(2, 1));
  OptionalIntArrayRef d1 = {true, INTS(1)};
  trace_start();
  Tensor* a = sum_backward(g0, INTS(2, 3), kNoIntArrayRef, false);
  Tensor* b = sum_backward(g1, INTS(2, 3), d1, false);
  Tensor* c = sum_backward(gk, INTS(2, 3), d1, true);
  Tensor* m = mean_backward(g1, INTS(2, 3), d1, 6, false);
  Tensor* mall = mean_backward(g0, INTS(2, 3), kNoIntArrayRef, 6, false);
  trace_expect("op aten::expand\nop aten::unsqueeze\nop aten::expand\nop aten::expand\n"
               "op aten::unsqueeze\nop aten::expand\nop aten::div.Scalar\nop aten::expand\nop aten::div.Scalar\n");
  assert_geometry(a, INTS(2, 3), INTS(0, 0));
  assert_geometry(b, INTS(2, 3), INTS(1, 0));
  assert_geometry(c, INTS(2, 3), INTS(1, 0));
  ASSERT_VALUES(m, 1 / 3.f, 1 / 3.f, 1 / 3.f, 1 / 3.f, 1 / 3.f, 1 / 3.f);
  ASSERT_VALUES(mall, 1 / 6.f, 1 / 6.f, 1 / 6.f, 1 / 6.f, 1 / 6.f, 1 / 6.f);
  Tensor* all[] = {g0, g1, gk, a, b, c, m, mall};
  for (size_t i = 0; i < 8; i++) Tensor_release(all[i]);
}

/* x.prod() and x.prod(1) of P(2, 3): under the trace, 1.13's safe path
 * (view, ones, slice, cat, cumprod, slice, arange, index_select, cat,
 * cumprod, arange, index_select, mul, mul, view); untraced, result / input,
 * the same values; with one zero the safe path's values. */
static void test_prod_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g0 = ones(INTS()), *g1 = ones(INTS(2));
  Tensor* result = at_prod(x, kNoDtype);
  Tensor* result1 = at_prod_dim_int(x, 1, false, kNoDtype);
  trace_start();
  Tensor* a = prod_backward(g0, x, result);
  Tensor* b = prod_backward_dim(g1, x, result1, 1, false);
  trace_expect("op aten::view\nop aten::ones\nop aten::slice.Tensor\nop aten::cat\nop aten::cumprod\n"
               "op aten::slice.Tensor\nop aten::arange.start_step\nop aten::index_select\nop aten::cat\n"
               "op aten::cumprod\nop aten::arange.start_step\nop aten::index_select\nop aten::mul.Tensor\n"
               "op aten::mul.Tensor\nop aten::view\n"
               "op aten::unsqueeze\nop aten::unsqueeze\nop aten::ones\nop aten::slice.Tensor\nop aten::cat\n"
               "op aten::cumprod\nop aten::slice.Tensor\nop aten::arange.start_step\nop aten::index_select\n"
               "op aten::cat\nop aten::cumprod\nop aten::arange.start_step\nop aten::index_select\n"
               "op aten::mul.Tensor\nop aten::mul.Tensor\n");
  ASSERT_VALUES(a, 0.703125f, 0.3515625f, 0.234375f, 0.17578125f, 0.140625f, 0.1171875f);
  ASSERT_VALUES(b, 0.375f, 0.1875f, 0.125f, 1.875f, 1.5f, 1.25f);
  Tensor* a2 = prod_backward(g0, x, result); /* untraced: result / input */
  Tensor* b2 = prod_backward_dim(g1, x, result1, 1, false);
  ASSERT_VALUES(a2, 0.703125f, 0.3515625f, 0.234375f, 0.17578125f, 0.140625f, 0.1171875f);
  ASSERT_VALUES(b2, 0.375f, 0.1875f, 0.125f, 1.875f, 1.5f, 1.25f);
  /* 1.13: x[0, 1] = 0 gives [0, 0.3515625, 0, 0, 0, 0] */
  Tensor* xz = T(INTS(2, 3), 0.25f, 0.f, 0.75f, 1.f, 1.25f, 1.5f);
  Tensor* rz = at_prod(xz, kNoDtype);
  Tensor* az = prod_backward(g0, xz, rz);
  ASSERT_VALUES(az, 0, 0.3515625f, 0, 0, 0, 0);
  Tensor* all[] = {x, g0, g1, result, result1, a, b, a2, b2, xz, rz, az};
  for (size_t i = 0; i < 12; i++) Tensor_release(all[i]);
}

/* x.amax(1): restore_reduced_dims (_reshape_alias) and scale_grad_by_count
 * (sum.dim_IntList, div.Tensor, mul.Tensor): [0, 0, 1, 0, 0, 1]. */
static void test_amax_helpers(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g = ones(INTS(2));
  Tensor* result = at_amax(x, INTS(1), false);
  trace_start();
  Tensor* rr = restore_reduced_dims(result, INTS(1), false);
  Tensor* mask = at_eq_Tensor(rr, x);
  Tensor* rg = restore_reduced_dims(g, INTS(1), false);
  Tensor* r = scale_grad_by_count(rg, mask, INTS(1));
  trace_expect("op aten::_reshape_alias\nop aten::eq.Tensor\nop aten::_reshape_alias\nop aten::sum.dim_IntList\n"
               "op aten::div.Tensor\nop aten::mul.Tensor\n");
  assert_geometry(rr, INTS(2, 1), INTS(1, 1));
  ASSERT_VALUES(r, 0, 0, 1, 0, 0, 1);
  Tensor* all[] = {x, g, result, rr, mask, rg, r};
  for (size_t i = 0; i < 7; i++) Tensor_release(all[i]);
}

/* x.max(1)[0] (value_selecting_reduction_backward: unsqueeze, unsqueeze,
 * zeros, scatter.src) and x.max() (evenly_distribute_backward, 1.13's
 * traced path: isnan, isnan, logical_and, eq.Tensor, logical_or_, sum,
 * div.Tensor, mul.Tensor), and the latter untraced. */
static void test_max_helpers(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g = ones(INTS(2)), *g0 = ones(INTS());
  TensorTuple2 mx = at_max_dim(x, 1, false);
  Tensor* value = at_max(x);
  trace_start();
  Tensor* v = value_selecting_reduction_backward(g, 1, mx.items[1], INTS(2, 3), false);
  Tensor* e = evenly_distribute_backward(g0, x, value);
  trace_expect("op aten::unsqueeze\nop aten::unsqueeze\nop aten::zeros\nop aten::scatter.src\n"
               "op aten::isnan\nop aten::isnan\nop aten::logical_and\nop aten::eq.Tensor\nop aten::logical_or_\n"
               "op aten::sum\nop aten::div.Tensor\nop aten::mul.Tensor\n");
  ASSERT_VALUES(v, 0, 0, 1, 0, 0, 1);
  ASSERT_VALUES(e, 0, 0, 0, 0, 0, 1);
  Tensor* e2 = evenly_distribute_backward(g0, x, value);
  ASSERT_VALUES(e2, 0, 0, 0, 0, 0, 1);
  Tensor* all[] = {x, g, g0, mx.items[0], mx.items[1], value, v, e, e2};
  for (size_t i = 0; i < 9; i++) Tensor_release(all[i]);
}

/* x.cumsum(1): flip, cumsum, flip: [3, 2, 1, 3, 2, 1]; one element: grad itself. */
static void test_cumsum_backward(void** state) {
  (void)state;
  Tensor *g = ones(INTS(2, 3)), *g1 = ones(INTS(1));
  trace_start();
  Tensor* r = cumsum_backward(g, -1);
  Tensor* r1 = cumsum_backward(g1, 0);
  trace_expect("op aten::flip\nop aten::cumsum\nop aten::flip\n");
  ASSERT_VALUES(r, 3, 2, 1, 3, 2, 1);
  assert_ptr_equal(r1, g1);
  Tensor* all[] = {g, g1, r, r1};
  for (size_t i = 0; i < 4; i++) Tensor_release(all[i]);
}

/* ---- joining, splitting, linear algebra -------------------------------------------- */

/* torch.cat([P(2, 3), P(2, 2)], 1): two slices of grad, strides (5, 1),
 * offsets 0 and 3; torch.stack([a, b], 1): select.int twice, strides (6, 1). */
static void test_cat_and_stack_backward(void** state) {
  (void)state;
  Tensor *a = P(INTS(2, 3)), *b = P(INTS(2, 2)), *g = ones(INTS(2, 5)), *gs = ones(INTS(2, 2, 3));
  Tensor* in[] = {a, b};
  SizesList sizes;
  ScalarTypeList dtypes;
  assert_int_equal(to_args_sizes(&sizes, (TensorList){in, 2}), 0);
  assert_int_equal(to_args_scalartypes(&dtypes, (TensorList){in, 2}), 0);
  assert_int_equal(sizes.size, 2);
  assert_int_equal(sizes.items[1].data[1], 2);
  assert_int_equal(dtypes.items[0], ScalarType_Float);
  trace_start();
  TensorList c = cat_tensors_backward(g, sizes, dtypes, -1);
  TensorList s = stack_tensors_backward(gs, 1, dtypes);
  trace_expect("op aten::slice.Tensor\nop aten::slice.Tensor\nop aten::select.int\nop aten::select.int\n");
  assert_int_equal(c.size, 2);
  assert_geometry(c.data[0], INTS(2, 3), INTS(5, 1));
  assert_geometry(c.data[1], INTS(2, 2), INTS(5, 1));
  assert_int_equal(c.data[1]->storage_offset, 3);
  assert_geometry(s.data[1], INTS(2, 3), INTS(6, 1));
  assert_int_equal(s.data[1]->storage_offset, 3);
  for (size_t i = 0; i < 2; i++) Tensor_release(c.data[i]), Tensor_release(s.data[i]);
  free((void*)c.data);
  free((void*)s.data);
  TensorList none = cat_tensors_backward(NULL, sizes, dtypes, 1); /* undefined grad: undefined gradients */
  assert_int_equal(none.size, 2);
  assert_null(none.data[0]);
  free((void*)none.data);
  SizesList_free(&sizes);
  ScalarTypeList_free(&dtypes);
  Tensor* all[] = {a, b, g, gs};
  for (size_t i = 0; i < 4; i++) Tensor_release(all[i]);
}

/* P(2, 3).mm(P(3, 4)): t, mm (mat1), t, mm (mat2). */
static void test_mm_backward(void** state) {
  (void)state;
  Tensor *m1 = P(INTS(2, 3)), *m2 = P(INTS(3, 4)), *g = ones(INTS(2, 4));
  trace_start();
  Tensor* g1 = mm_mat1_backward(g, m2, Tensor_sizes(m1), Tensor_strides(m1), Layout_Strided, Scalar_fromLong(1));
  Tensor* g2 = mm_mat2_backward(g, m1, Tensor_sizes(m2), Tensor_strides(m2), Layout_Strided, Scalar_fromLong(1));
  trace_expect("op aten::t\nop aten::mm\nop aten::t\nop aten::mm\n");
  ASSERT_VALUES(g1, 2.5f, 6.5f, 10.5f, 2.5f, 6.5f, 10.5f);
  ASSERT_VALUES(g2, 1.25f, 1.25f, 1.25f, 1.25f, 1.75f, 1.75f, 1.75f, 1.75f, 2.25f, 2.25f, 2.25f, 2.25f);
  Tensor* all[] = {m1, m2, g, g1, g2};
  for (size_t i = 0; i < 5; i++) Tensor_release(all[i]);
}

/* P(2, 5).split(2, 1) with only the first output's gradient: zeros, zeros,
 * cat; P(2, 3).unbind(1) with only the second's: zeros, expand, zeros,
 * expand, stack. */
static void test_split_and_unbind_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 5)), *g = ones(INTS(2, 2)), *gu = ones(INTS(2));
  Tensor* grads[] = {g, NULL, NULL};
  Tensor* ugrads[] = {NULL, gu, NULL};
  trace_start();
  Tensor* s = split_backward((TensorList){grads, 3}, 2, 1, INTS(2, 5), TensorOptions_of(x));
  Tensor* u = unbind_backward((TensorList){ugrads, 3}, 1);
  trace_expect("op aten::zeros\nop aten::zeros\nop aten::cat\n"
               "op aten::zeros\nop aten::expand\nop aten::zeros\nop aten::expand\nop aten::stack\n");
  ASSERT_VALUES(s, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0);
  ASSERT_VALUES(u, 0, 1, 0, 0, 1, 0);
  Tensor* all[] = {x, g, gu, s, u};
  for (size_t i = 0; i < 5; i++) Tensor_release(all[i]);
}

/* ---- indexing and views -------------------------------------------------------------- */

/* P(4, 3)[tensor([0, 2, 0])]: index_put (traced path) into the zeros;
 * x.masked_fill(x > 1, v)'s value: scalar_tensor, where.self, sum: 2. */
static void test_index_and_masked_fill_backward(void** state) {
  (void)state;
  Tensor* zeros = at_zeros(INTS(4, 3), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* idx = at_arange_start_step(Scalar_fromLong(0), Scalar_fromLong(3), Scalar_fromLong(2),
                                     (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* i3 = at_cat((TensorList){(Tensor* []){idx, idx}, 2}, 0); /* [0, 2, 0, 2] */
  Tensor* i = at_narrow(i3, 0, 0, 3);                              /* [0, 2, 0] */
  Tensor *g = ones(INTS(3, 3)), *x = P(INTS(2, 3)), *go = ones(INTS(2, 3));
  Tensor* mask = at_gt_Scalar(x, Scalar_fromLong(1));
  Tensor* list[] = {i};
  trace_start();
  Tensor* r = index_backward(zeros, (TensorList){list, 1}, g);
  Tensor* v = masked_fill_backward(go, mask);
  trace_expect("op aten::index_put\nop aten::scalar_tensor\nop aten::where.self\nop aten::sum\n");
  ASSERT_VALUES(r, 2, 2, 2, 0, 0, 0, 1, 1, 1, 0, 0, 0);
  ASSERT_VALUES(v, 2);
  Tensor* r2 = index_backward(zeros, (TensorList){list, 1}, g); /* untraced: index_put_ on a copy */
  ASSERT_VALUES(r2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 0, 0, 0);
  ASSERT_VALUES(zeros, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  Tensor* all[] = {zeros, idx, i3, i, g, x, go, mask, r, v, r2};
  for (size_t k = 0; k < 11; k++) Tensor_release(all[k]);
}

/* x[:, 1::2] of P(2, 5) (slice_backward_wrapper: two slice_backward, the
 * `:` one with start 0, end INT64_MAX) and x.as_strided((2, 2), (1, 2), 1)
 * of P(2, 3): new_empty, zero_, as_strided, copy_, as_strided. */
static void test_slice_and_as_strided_backward(void** state) {
  (void)state;
  Tensor *g = ones(INTS(2, 2)), *x = P(INTS(2, 3));
  OptionalInt one = {true, 1}, none = {false, 0};
  TensorGeometry geo;
  assert_int_equal(TensorGeometry_init(&geo, x), 0);
  trace_start();
  Tensor* s1 = slice_backward_wrapper(g, INTS(2, 5), 1, one, none, 2);
  Tensor* s0 = slice_backward_wrapper(s1, INTS(2, 5), 0, none, none, 1);
  Tensor* a = as_strided_backward(g, &geo, INTS(2, 2), INTS(1, 2), one);
  trace_expect("op aten::slice_backward\nop aten::slice_backward\n"
               "op aten::new_empty\nop aten::zero_\nop aten::as_strided\nop aten::copy_\nop aten::as_strided\n");
  ASSERT_VALUES(s0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0);
  assert_geometry(a, INTS(2, 3), INTS(3, 1));
  ASSERT_VALUES(a, 0, 1, 1, 1, 1, 0);
  TensorGeometry_free(&geo);
  Tensor* all[] = {g, x, s1, s0, a};
  for (size_t i = 0; i < 5; i++) Tensor_release(all[i]);
}

/* permute(1, 0, 2) (permute), unsqueeze(1) (squeeze.dim via the formula;
 * here unsqueeze_to for squeeze's), repeat(2, 1, 2) of P(2, 3)
 * (sum.dim_IntList, _reshape_alias, sum.dim_IntList: 4 each), and
 * x.to(float64)'s backward (_to_copy). */
static void test_view_helpers(void** state) {
  (void)state;
  Tensor *g = ones(INTS(3, 2, 2)), *gq = ones(INTS(2, 3)), *gr = ones(INTS(2, 2, 6));
  Tensor* gd = at_to_dtype(gq, ScalarType_Double, false, false, kNoMemoryFormat);
  TensorOptions fopts = {ScalarType_Float, Layout_Strided, {DeviceType_CPU, -1}};
  trace_start();
  Tensor* p = permute_backwards(g, INTS(1, 0, 2));
  Tensor* u = unsqueeze_to(gq, INTS(2, 1, 3));
  Tensor* ud = unsqueeze_to_dim(gq, -2, INTS(2, 1, 3));
  Tensor* ud0 = unsqueeze_to_dim(gq, 0, INTS(2, 3));
  Tensor* r = repeat_backward(gr, INTS(2, 1, 2), INTS(2, 3));
  Tensor* c = _to_copy_backward(gd, fopts);
  trace_expect("op aten::permute\nop aten::unsqueeze\nop aten::unsqueeze\n"
               "op aten::sum.dim_IntList\nop aten::_reshape_alias\nop aten::sum.dim_IntList\nop aten::_to_copy\n");
  assert_geometry(p, INTS(2, 3, 2), INTS(2, 4, 1));
  assert_geometry(u, INTS(2, 1, 3), INTS(3, 3, 1));
  assert_geometry(ud, INTS(2, 1, 3), INTS(3, 3, 1));
  assert_ptr_equal(ud0, gq);
  assert_geometry(r, INTS(2, 3), INTS(3, 1));
  ASSERT_VALUES(r, 4, 4, 4, 4, 4, 4);
  assert_int_equal(c->dtype, ScalarType_Float);
  Tensor* all[] = {g, gq, gr, gd, p, u, ud, ud0, r, c};
  for (size_t i = 0; i < 10; i++) Tensor_release(all[i]);
}

/* ---- issue 14's helpers: clamp with tensor bounds, sgn, cumprod, index_select, gather ---- */

/* x.clamp(lo, hi), x P(2, 3), lo [[.5, .5, 1], [0, 2, 0]], hi [[1, .25, 1],
 * [.5, 1, 1]]: 1.13's ClampBackward0 computes min and max first (the keys
 * sorted), then self; out of place under the trace (logical_and,
 * logical_or); x.clamp(lo) alone; untraced (logical_and_ in place) the same
 * values. */
static void test_clamp_backward_tensor_bounds(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g = ones(INTS(2, 3));
  Tensor* lo = T(INTS(2, 3), 0.5f, 0.5f, 1.0f, 0.0f, 2.0f, 0.0f);
  Tensor* hi = T(INTS(2, 3), 1.0f, 0.25f, 1.0f, 0.5f, 1.0f, 1.0f);
  const bool both[2] = {true, true}, min_only[2] = {true, false};
  trace_start();
  TensorList mm = clamp_backward_min_max(g, x, lo, hi, both);
  Tensor* gs = clamp_backward_Tensor(g, x, lo, hi);
  TensorList m1 = clamp_backward_min_max(g, x, lo, NULL, min_only);
  Tensor* gs1 = clamp_backward_Tensor(g, x, lo, NULL);
  trace_expect("op aten::scalar_tensor\nop aten::lt.Tensor\nop aten::lt.Tensor\nop aten::logical_and\n"
               "op aten::where.self\nop aten::gt.Tensor\nop aten::lt.Tensor\nop aten::logical_or\n"
               "op aten::where.self\n"
               "op aten::scalar_tensor\nop aten::ge.Tensor\nop aten::le.Tensor\nop aten::logical_and\n"
               "op aten::where.self\n"
               "op aten::scalar_tensor\nop aten::lt.Tensor\nop aten::where.self\n"
               "op aten::scalar_tensor\nop aten::ge.Tensor\nop aten::where.self\n");
  assert_int_equal(mm.size, 2);
  ASSERT_VALUES(mm.data[0], 1, 0, 0, 0, 0, 0);
  ASSERT_VALUES(mm.data[1], 0, 1, 0, 1, 1, 1);
  ASSERT_VALUES(gs, 0, 0, 0, 0, 0, 0);
  assert_null(m1.data[1]);
  ASSERT_VALUES(m1.data[0], 1, 0, 1, 0, 1, 0);
  ASSERT_VALUES(gs1, 0, 1, 0, 1, 0, 1);
  Tensor* un = clamp_backward_Tensor(g, x, lo, hi);
  ASSERT_VALUES(un, 0, 0, 0, 0, 0, 0);
  for (size_t i = 0; i < 2; i++) Tensor_release((Tensor*)mm.data[i]), Tensor_release((Tensor*)m1.data[i]);
  free((void*)mm.data);
  free((void*)m1.data);
  Tensor* all[] = {x, g, lo, hi, gs, gs1, un};
  for (size_t i = 0; i < 7; i++) Tensor_release(all[i]);
}

/* P(2, 3).sgn(): _efficientzerotensor of sgn's sizes (zeros, float). */
static void test_sgn_backward(void** state) {
  (void)state;
  Tensor *x = P(INTS(2, 3)), *g = P(INTS(2, 3));
  Tensor* sg = at_sgn(x);
  trace_start();
  Tensor* r = sgn_backward(x, g, sg);
  trace_expect("op aten::_efficientzerotensor\n");
  assert_int_equal(r->dtype, ScalarType_Float);
  assert_geometry(r, INTS(2, 3), INTS(3, 1));
  ASSERT_VALUES(r, 0, 0, 0, 0, 0, 0);
  Tensor* all[] = {x, g, sg, r};
  for (size_t i = 0; i < 4; i++) Tensor_release(all[i]);
}

/* a.cumprod(1) with a = [[1, -2, 3], [4, 0, -6]] (a zero), grad P(2, 3):
 * under the trace 1.13's loop (mul, eq, ones, expand, then per k slice,
 * cumprod, cat / slice, prod.dim_int, ..., stack), untraced the same
 * values; P(2, 3).cumprod(0) and cumprod(-1) (no zeros: flip, cumsum,
 * flip, div untraced); one element: grad itself. */
static void test_cumprod_backward(void** state) {
  (void)state;
  Tensor* a = T(INTS(2, 3), 1, -2, 3, 4, 0, -6);
  Tensor *g = P(INTS(2, 3)), *p = P(INTS(2, 3));
  Tensor* out = at_cumprod(a, 1, kNoDtype);
  trace_start();
  Tensor* r = cumprod_backward(g, a, 1, out);
  trace_expect("op aten::mul.Tensor\nop aten::eq.Scalar\nop aten::ones\nop aten::expand\n"
               "op aten::slice.Tensor\nop aten::cumprod\nop aten::cat\n"
               "op aten::slice.Tensor\nop aten::mul.Tensor\nop aten::sum.dim_IntList\n"
               "op aten::slice.Tensor\nop aten::prod.dim_int\nop aten::slice.Tensor\nop aten::cumprod\n"
               "op aten::expand\nop aten::mul.Tensor\nop aten::cat\n"
               "op aten::slice.Tensor\nop aten::mul.Tensor\nop aten::sum.dim_IntList\n"
               "op aten::slice.Tensor\nop aten::prod.dim_int\n"
               "op aten::slice.Tensor\nop aten::mul.Tensor\nop aten::sum.dim_IntList\nop aten::stack\n");
  ASSERT_VALUES(r, -5.25f, 2.75f, -1.5f, 1.0f, -31.0f, 0.0f);
  Tensor* ru = cumprod_backward(g, a, 1, out);
  ASSERT_VALUES(ru, -5.25f, 2.75f, -1.5f, 1.0f, -31.0f, 0.0f);
  Tensor* o0 = at_cumprod(p, 0, kNoDtype);
  Tensor* o1 = at_cumprod(p, -1, kNoDtype);
  Tensor* r0 = cumprod_backward(g, p, 0, o0);
  Tensor* r1 = cumprod_backward(g, p, -1, o1);
  ASSERT_VALUES(r0, 1.25f, 2.0625f, 3.0f, 0.25f, 0.625f, 1.125f);
  ASSERT_VALUES(r1, 0.78125f, 0.265625f, 0.09375f, 5.375f, 3.5f, 1.875f);
  Tensor* one = P(INTS(1));
  Tensor* r2 = cumprod_backward(one, one, 0, one);
  assert_ptr_equal(r2, one);
  Tensor* all[] = {a, g, p, out, r, ru, o0, o1, r0, r1, one, r2};
  for (size_t i = 0; i < 12; i++) Tensor_release(all[i]);
}

/* P(2, 3).index_select(1, [2, 0, 2]) and .gather(0, [[1, 0, 1], [1, 1, 0]])
 * with grad P(2, 3): new_zeros, then index_add / scatter_add under the
 * trace; untraced without grad mode in place (index_add_, scatter_add_),
 * the same values; contiguous results. */
static void test_index_select_and_gather_backward(void** state) {
  (void)state;
  Tensor *g = P(INTS(2, 3)), *self = P(INTS(2, 3));
  Tensor* isel = long_tensor(INTS(3), (const int64_t[]){2, 0, 2});
  Tensor* gidx = long_tensor(INTS(2, 3), (const int64_t[]){1, 0, 1, 1, 1, 0});
  trace_start();
  Tensor* a = index_select_backward(g, INTS(2, 3), 1, isel);
  Tensor* b = gather_backward(g, self, 0, gidx, false);
  trace_expect("op aten::new_zeros\nop aten::index_add\nop aten::new_zeros\nop aten::scatter_add\n");
  ASSERT_VALUES(a, 0.5f, 0.0f, 1.0f, 1.25f, 0.0f, 2.5f);
  assert_geometry(a, INTS(2, 3), INTS(3, 1));
  ASSERT_VALUES(b, 0.0f, 0.5f, 1.5f, 1.25f, 1.25f, 0.75f);
  assert_geometry(b, INTS(2, 3), INTS(3, 1));
  AutoGradMode guard = NoGradGuard_enter();
  Tensor* au = index_select_backward(g, INTS(2, 3), 1, isel);
  Tensor* bu = gather_backward(g, self, 0, gidx, false);
  AutoGradMode_exit(guard);
  ASSERT_VALUES(au, 0.5f, 0.0f, 1.0f, 1.25f, 0.0f, 2.5f);
  ASSERT_VALUES(bu, 0.0f, 0.5f, 1.5f, 1.25f, 1.25f, 0.75f);
  Tensor* all[] = {g, self, isel, gidx, a, b, au, bu};
  for (size_t i = 0; i < 8; i++) Tensor_release(all[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_identities_maybe_multiply_and_scalar_others),
      cmocka_unit_test(test_div_backward),
      cmocka_unit_test(test_pow_backward),
      cmocka_unit_test(test_clamp_backward),
      cmocka_unit_test(test_sum_and_mean_backward),
      cmocka_unit_test(test_prod_backward),
      cmocka_unit_test(test_amax_helpers),
      cmocka_unit_test(test_max_helpers),
      cmocka_unit_test(test_cumsum_backward),
      cmocka_unit_test(test_cat_and_stack_backward),
      cmocka_unit_test(test_mm_backward),
      cmocka_unit_test(test_split_and_unbind_backward),
      cmocka_unit_test(test_index_and_masked_fill_backward),
      cmocka_unit_test(test_slice_and_as_strided_backward),
      cmocka_unit_test(test_view_helpers),
      cmocka_unit_test(test_clamp_backward_tensor_bounds),
      cmocka_unit_test(test_sgn_backward),
      cmocka_unit_test(test_cumprod_backward),
      cmocka_unit_test(test_index_select_and_gather_backward),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
