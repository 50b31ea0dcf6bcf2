/*
 * test_quantizer.c - quantizers are reference counted and shared: a view
 * (reshape's _reshape_alias, view, transpose) holds the same quantizer as its
 * base, one more reference; freeing the base leaves the view and its
 * quantizer valid; a view that moves the channel axis (unsqueeze of a
 * per-channel tensor) gets a quantizer of its own; clone shares the
 * source's.  Run under valgrind and ASan with the rest of the unit tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/Exception.h"
#include "test_util.h"

/* arange(n) as float, quantized per tensor with scale 0.5, zero point 3. */
static Tensor* make_q(int64_t n) {
  Tensor* a = at_arange(Scalar_fromLong(n), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(a);
  Tensor* q = at_quantize_per_tensor(a, 0.5, 3, ScalarType_QUInt8);
  assert_non_null(q);
  Tensor_release(a);
  return q;
}

static void test_per_tensor_fields(void** state) {
  (void)state;
  Tensor* q = make_q(6);
  assert_non_null(q->quantizer);
  assert_int_equal(q->quantizer->refcount, 1);
  assert_int_equal(q->quantizer->qscheme, QScheme_PerTensorAffine);
  assert_true(q->quantizer->scale == 0.5);
  assert_int_equal(q->quantizer->zero_point, 3);
  assert_true(DispatchKeySet_has(q->key_set, DispatchKey_QuantizedCPU));
  assert_false(DispatchKeySet_has(q->key_set, DispatchKey_CPU));
  assert_int_equal(Tensor_backendKey(q), DispatchKey_QuantizedCPU);
  /* the integers: 0, 0.5, ... 2.5 -> 3 + 2i */
  const uint8_t* data = (const uint8_t*)Tensor_data(q);
  for (int i = 0; i < 6; i++) assert_int_equal(data[i], 3 + 2 * i);
  assert_true(at_q_scale(q) == 0.5);
  assert_int_equal(at_q_zero_point(q), 3);
  Tensor_release(q);
}

static void test_view_shares_quantizer(void** state) {
  (void)state;
  Tensor* q = make_q(6);
  Quantizer* qz = q->quantizer;
  Tensor* r = at_reshape(q, INTS(2, 3));
  assert_non_null(r);
  Tensor* t = at_transpose_int(r, 0, 1);
  assert_non_null(t);
  assert_ptr_equal(r->quantizer, qz);
  assert_ptr_equal(t->quantizer, qz);
  assert_ptr_equal(r->storage, q->storage);
  assert_int_equal(qz->refcount, 3);
  /* freeing the base (and the middle view) keeps the last view valid */
  Tensor_release(q);
  Tensor_release(r);
  assert_int_equal(qz->refcount, 1);
  assert_true(t->quantizer->scale == 0.5);
  Tensor* d = at_dequantize_self(t);
  assert_non_null(d);
  const float* v = (const float*)Tensor_data(d);
  /* the base holds 0..5; t is [3, 2] with t[i][j] = base[j * 3 + i] */
  assert_true(v[0] == 0.0f && v[1] == 3.0f && v[2] == 1.0f && v[5] == 5.0f);
  Tensor_release(d);
  Tensor_release(t);
}

static void test_copy_route_shares_quantizer(void** state) {
  (void)state;
  Tensor* q = make_q(6);
  Tensor* r = at_reshape(q, INTS(2, 3));
  Tensor* t = at_transpose_int(r, 0, 1);
  Tensor* c = at_reshape(t, INTS(6)); /* not viewable: clone + _unsafe_view */
  assert_non_null(c);
  assert_ptr_not_equal(c->storage, q->storage);
  assert_ptr_equal(c->quantizer, q->quantizer);
  assert_int_equal(q->quantizer->refcount, 4);
  Tensor_release(q);
  Tensor_release(r);
  Tensor_release(t);
  assert_int_equal(c->quantizer->refcount, 1);
  const uint8_t* data = (const uint8_t*)Tensor_data(c);
  assert_int_equal(data[1], 3 + 2 * 3);
  Tensor_release(c);
}

static void test_per_channel_axis_moves(void** state) {
  (void)state;
  Tensor* a = at_arange(Scalar_fromLong(6), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* x = at_reshape(a, INTS(2, 3));
  Tensor* s = at_arange(Scalar_fromLong(3), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* s1 = at_add_Scalar(s, Scalar_fromLong(1), Scalar_fromLong(1));
  Tensor* z = at_arange(Scalar_fromLong(3), (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice,
                        kNoPinMemory);
  assert_non_null(s1);
  Tensor* q = at_quantize_per_channel(x, s1, z, 1, ScalarType_QInt8);
  assert_non_null(q);
  assert_int_equal(q->quantizer->qscheme, QScheme_PerChannelAffine);
  assert_int_equal(q->quantizer->num_channels, 3);
  Tensor* u = at_unsqueeze(q, 0);
  assert_non_null(u);
  assert_ptr_not_equal(u->quantizer, q->quantizer); /* a new quantizer, axis 2 */
  assert_int_equal(u->quantizer->axis, 2);
  assert_int_equal(q->quantizer->axis, 1);
  Tensor* v = at_view(q, INTS(3, 2)); /* same quantizer, axis unchanged */
  assert_ptr_equal(v->quantizer, q->quantizer);
  /* transpose of a per-channel tensor is refused, nothing leaks */
  assert_null(at_transpose_int(q, 0, 1));
  assert_string_equal(Error_message(), "Setting strides is possible only on uniformly quantized tensor");
  Error_clear();
  Tensor_release(q);
  assert_int_equal(v->quantizer->refcount, 1);
  assert_true(Quantizer_scaleAt(u->quantizer, 2) == 3.0);
  Tensor* c = at_clone(u, (OptionalMemoryFormat){false, MemoryFormat_Preserve});
  assert_ptr_equal(c->quantizer, u->quantizer);
  Tensor_release(c);
  Tensor_release(u);
  Tensor_release(v);
  Tensor_release(a);
  Tensor_release(x);
  Tensor_release(s);
  Tensor_release(s1);
  Tensor_release(z);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_per_tensor_fields),
      cmocka_unit_test(test_view_shares_quantizer),
      cmocka_unit_test(test_copy_route_shares_quantizer),
      cmocka_unit_test(test_per_channel_axis_moves),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
