/*
 * test_boxing.c - boxed calls of the YAML's operators: every operator has its
 * generated at_<op>_boxed_from_unboxed, and it gives what the libffi bridge
 * gives on the same call (dispatch/KernelFunction.c, Note [Calling unboxed
 * kernels from a boxed stack]), for each kind of result: a tensor, a tensor
 * list, two tensors, a number, a Scalar, an enum, nothing (in place), and an
 * error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "Operators.h"
#include "dispatch/Boxing.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "test_util.h"

/* The generated registration gives each operator its own function. */
static void test_yaml_operators_have_generated_boxing(void** state) {
  (void)state;
  const OperatorEntry* ops[] = {at_op_reshape, at_op_split_Tensor, at_op_max_dim, at_op__local_scalar_dense,
                                at_op_q_scale, at_op_qscheme, at_op_add__Tensor};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    assert_non_null(ops[i]);
    assert_non_null(ops[i]->boxed_from_unboxed);
  }
}

/* Calls `name` boxed twice, through the generated function and through
 * libffi (the operator's boxed_from_unboxed taken away for the call), and
 * returns the number of results each gave; rets_generated / rets_ffi hold
 * them (owned), or the call's -1. */
static int call_both_ways(const char* name, IValue* args, IValue* rets_generated, IValue* rets_ffi) {
  OperatorEntry* op = Dispatcher_findSchema(name);
  assert_non_null(op);
  int r1 = Dispatcher_callBoxed(op, args, rets_generated);
  char message1[256] = "";
  if (r1 < 0) snprintf(message1, sizeof message1, "%s", Error_message());
  Error_clear();
  BoxedFromUnboxedFunction generated = op->boxed_from_unboxed;
  op->boxed_from_unboxed = NULL;
  int r2 = Dispatcher_callBoxed(op, args, rets_ffi);
  op->boxed_from_unboxed = generated;
  assert_int_equal(r1, r2);
  if (r2 < 0) assert_string_equal(message1, Error_message());
  Error_clear();
  return r1;
}

static void assert_same_tensor_values(const Tensor* a, const Tensor* b) {
  assert_non_null(a);
  assert_non_null(b);
  assert_int_equal(a->dim, b->dim);
  for (int64_t d = 0; d < a->dim; d++) {
    assert_int_equal(a->sizes[d], b->sizes[d]);
    assert_int_equal(a->strides[d], b->strides[d]);
  }
  assert_int_equal(a->storage_offset, b->storage_offset);
  assert_ptr_equal(a->storage, b->storage); /* both views of the input, or ... */
}

static Tensor* arange12(void) {
  Tensor* t = at_arange(Scalar_fromDouble(12.0), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(t);
  return t;
}

static void test_tensor_and_list_results_agree(void** state) {
  (void)state;
  Tensor* t = arange12();
  IValue g[1], f[1];
  IValue reshape_args[] = {IValue_borrowTensor(t), IValue_borrowIntList(INTS(3, 4))};
  assert_int_equal(call_both_ways("aten::reshape", reshape_args, g, f), 0);
  assert_same_tensor_values(g[0].u.tensor, f[0].u.tensor);
  assert_int_equal(g[0].u.tensor->sizes[1], 4);
  IValue_release(&g[0]);
  IValue_release(&f[0]);

  IValue split_args[] = {IValue_borrowTensor(t), IValue_fromInt(5), IValue_fromInt(0)};
  assert_int_equal(call_both_ways("aten::split.Tensor", split_args, g, f), 0);
  TensorList lg = IValue_toTensorList(&g[0]), lf = IValue_toTensorList(&f[0]);
  assert_int_equal(lg.size, 3);
  assert_int_equal(lf.size, 3);
  for (size_t i = 0; i < lg.size; i++) assert_same_tensor_values(lg.data[i], lf.data[i]);
  IValue_release(&g[0]);
  IValue_release(&f[0]);
  Tensor_release(t);
}

static void test_tuple_scalar_and_enum_results_agree(void** state) {
  (void)state;
  Tensor* t = arange12();
  IValue g[2], f[2];
  IValue max_args[] = {IValue_borrowTensor(t), IValue_fromInt(0), IValue_fromBool(false)};
  assert_int_equal(call_both_ways("aten::max.dim", max_args, g, f), 0);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(g[i].tag, IValueTag_Tensor);
    assert_int_equal(f[i].tag, IValueTag_Tensor);
    assert_int_equal(g[i].u.tensor->dim, 0);
    IValue_release(&g[i]);
    IValue_release(&f[i]);
  }

  Tensor* one = at_select_int(t, 0, 7);
  IValue item_args[] = {IValue_borrowTensor(one)};
  assert_int_equal(call_both_ways("aten::_local_scalar_dense", item_args, g, f), 0);
  assert_true(Scalar_toDouble(IValue_toScalar(&g[0])) == 7.0);
  assert_true(Scalar_toDouble(IValue_toScalar(&f[0])) == 7.0);
  Tensor_release(one);

  Tensor* q = at_quantize_per_tensor(t, 0.5, 3, ScalarType_QUInt8);
  assert_non_null(q);
  IValue q_args[] = {IValue_borrowTensor(q)};
  assert_int_equal(call_both_ways("aten::q_scale", q_args, g, f), 0);
  assert_true(g[0].u.d == 0.5 && f[0].u.d == 0.5);
  assert_int_equal(call_both_ways("aten::qscheme", q_args, g, f), 0);
  assert_int_equal(unbox_QScheme(&g[0]), QScheme_PerTensorAffine);
  assert_int_equal(unbox_QScheme(&f[0]), QScheme_PerTensorAffine);
  Tensor_release(q);
  Tensor_release(t);
}

/* An in-place operator returns its argument; a failing call gives -1 and the
 * same error message both ways. */
static void test_inplace_and_error_agree(void** state) {
  (void)state;
  Tensor* t = arange12();
  IValue g[1], f[1];
  IValue add_args[] = {IValue_borrowTensor(t), IValue_borrowTensor(t), IValue_fromScalar(Scalar_fromLong(1))};
  assert_int_equal(call_both_ways("aten::add_.Tensor", add_args, g, f), 0);
  assert_ptr_equal(g[0].u.tensor, t);
  assert_ptr_equal(f[0].u.tensor, t);
  IValue_release(&g[0]);
  IValue_release(&f[0]);
  assert_true(((float*)Tensor_data(t))[3] == 12.0f); /* doubled, twice: 3 * 4 */

  IValue bad_args[] = {IValue_borrowTensor(t), IValue_borrowIntList(INTS(5, 5))};
  assert_int_equal(call_both_ways("aten::reshape", bad_args, g, f), -1);
  Tensor_release(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_yaml_operators_have_generated_boxing),
      cmocka_unit_test(test_tensor_and_list_results_agree),
      cmocka_unit_test(test_tuple_scalar_and_enum_results_agree),
      cmocka_unit_test(test_inplace_and_error_agree),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
