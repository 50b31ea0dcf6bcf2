/*
 * tensor_operators.c - torch.Tensor's Python protocol: the operators
 * (`a + b`, `1 - a`, `a > 2`, `-a`, `~a`, `abs(a)`), the in-place ones of an
 * augmented assignment (`a += b` is `a.add_(b)`), and iteration.
 *
 * Each calls operators through the Python bindings (resolve.c,
 * arg_parser.c), so the trace is PyTorch's: `a + 1` is add.Tensor with a
 * wrapped number, `a > 1` is gt.Scalar; the reflected forms swap operands
 * (`1 + a`, `2 < a` is `a > 2`), `1 - a` is rsub, `2 / a` is
 * `a.reciprocal() * 2`, `2 ** a` makes a tensor of 2 first (lift_fresh) and
 * `5 % a` is remainder.Scalar_Tensor.  The interpreter's operators
 * (interpreter/pyops.c, exec.c, iterobject.c) come here when a tensor is
 * involved.
 *
 * PyTorch 1.13: torch/_tensor.py (__rsub__, __rtruediv__, __rpow__,
 * __floordiv__, __rmod__, __iter__, ...), torch/csrc/autograd/python_variable_methods.cpp
 * (the operator table: __add__ -> add, __gt__ -> gt, __iadd__ -> add_, ...)
 */
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"

/* The operator behind a Python operator on tensors. */
static const char* operator_name(char op) {
  switch (op) {
    case '+': return "add";
    case '-': return "sub";
    case '*': return "mul";
    case '/': return "div";
    case 'f': return "floor_divide";
    case '%': return "remainder";
    case 'p': return "pow";
    case '@': return "matmul";
    case '<': return "lt";
    case '>': return "gt";
    case 'l': return "le";
    case 'g': return "ge";
    case '=': return "eq";
    case '&': return "bitwise_and";
    case '|': return "bitwise_or";
    case '^': return "bitwise_xor";
    case 'L': return "__lshift__";
    case 'R': return "__rshift__";
    default: return "ne";
  }
}

/* torch.NAME(x[, y]) through the Python bindings, as torch.Tensor's
 * operators call them. */
static Value* call_torch(const char* name, Value* x, Value* y) {
  Value* ops = Value_ops("aten", name, NULL, false, false);
  Value* args[2] = {x, y};
  Value* r = call_operator(ops, NULL, args, y ? 2 : 1, NULL, NULL, 0);
  Value_release(ops);
  return r;
}

/* The comparison with its operands swapped: `2 < a` is `a > 2`. */
static char reflected_comparison(char op) {
  switch (op) {
    case '<': return '>';
    case '>': return '<';
    case 'l': return 'g';
    case 'g': return 'l';
    default: return op;
  }
}

/* torch.result_type(number, tensor) for a Python number and a tensor: the
 * rule of at::native::result_type(Scalar, Tensor) for the dtypes a Python
 * number can have.  NB(minaten): computed here, where PyTorch calls the
 * CompositeImplicitAutograd operator aten::result_type.Scalar_Tensor
 * (TorchDispatchMode does not see it, so the trace is the same; minaten does
 * not register that operator).  PyTorch 1.13:
 * aten/src/ATen/native/TypeProperties.cpp result_type */
static ScalarType number_tensor_result_type(const Value* number, const Tensor* t) {
  if (ScalarType_isFloating(t->dtype)) return t->dtype;
  if (number->kind == Value_Float) return ScalarType_Float;
  if (number->kind == Value_Int && t->dtype == ScalarType_Bool) return ScalarType_Long;
  return t->dtype;
}

/* `2 ** a`: torch/_tensor.py __rpow__:
 *   torch.tensor(other, dtype=torch.result_type(other, self), device=self.device) ** self */
static Value* rpow(Value* number, Value* tensor) {
  const Tensor* t = tensor->u.tensor;
  Value* base = internal_new_from_data(number, number_tensor_result_type(number, t), false, &t->device, true);
  if (base == NULL) return NULL;
  Value* r = call_torch("pow", base, tensor);
  Value_release(base);
  return r;
}

/* a.NAME(b) through the method bindings. */
static Value* call_method(const char* name, Value* a, Value* b) {
  Value* ops = Value_ops("aten", name, NULL, true, false);
  Value* args[1] = {b};
  Value* r = call_operator(ops, a, args, 1, NULL, NULL, 0);
  Value_release(ops);
  return r;
}

/* a OP b with a tensor on either side (op as python_binary's). */
Value* tensor_binary(char op, Value* a, Value* b) {
  if (a->kind == Value_Tensor && (op == 'L' || op == 'R')) return call_method(operator_name(op), a, b);
  if (a->kind == Value_Tensor) return call_torch(operator_name(op), a, b);
  switch (op) {
    case '&':
    case '|':
    case '^':
      return call_torch(operator_name(op), b, a);
    case 'L':
    case 'R':
      return call_torch(op == 'L' ? "bitwise_left_shift" : "bitwise_right_shift", a, b);
    case '+':
    case '*':
      return call_torch(operator_name(op), b, a);
    case '-':
      return call_torch("rsub", b, a);
    case '/': {
      Value* r = call_torch("reciprocal", b, NULL);
      if (r == NULL) return NULL;
      Value* p = call_torch("mul", r, a);
      Value_release(r);
      return p;
    }
    case 'f':
    case '%':
      return call_torch(operator_name(op), a, b);
    case 'p':
      if (Value_isNumber(a)) return rpow(a, b);
      return call_torch("pow", a, b);
    case '@':
      return call_torch("matmul", a, b);
    default:
      return call_torch(operator_name(reflected_comparison(op)), b, a);
  }
}


/* -a, +a, ~a, abs(a) ('a') of a tensor: __neg__, __pos__, __invert__, __abs__. */
Value* tensor_unary(char op, Value* a) {
  if (op == '~') return call_torch("bitwise_not", a, NULL);
  if (op == 'a') return call_torch("abs", a, NULL);
  if (op == '-') return call_torch("neg", a, NULL);
  /* __pos__ is torch.positive: self, or an error for bool tensors */
  if (Dispatcher_findSchema("aten::positive") != NULL) return call_torch("positive", a, NULL);
  if (a->u.tensor->dtype == ScalarType_Bool) {
    Error_set(ErrorType_RuntimeError, "The `+` operator, on a bool tensor is not supported.");
    return NULL;
  }
  return Value_retain(a);
}

/* a OP= b for a tensor a: its in-place method (a.add_(b)); NULL with no
 * error set when OP has none (`@=`: the interpreter computes a @ b). */
Value* tensor_inplace_binary(char op, Value* a, Value* b) {
  static const struct { char op; const char* method; } kInplace[] = {
      {'+', "add_"}, {'-', "sub_"}, {'*', "mul_"}, {'/', "div_"}, {'f', "floor_divide_"}, {'%', "remainder_"},
      {'p', "pow_"}, {'&', "bitwise_and_"}, {'|', "bitwise_or_"}, {'^', "bitwise_xor_"},
      {'L', "__ilshift__"}, {'R', "__irshift__"}};
  for (size_t i = 0; i < sizeof kInplace / sizeof kInplace[0]; i++)
    if (kInplace[i].op == op) return call_method(kInplace[i].method, a, b);
  return NULL;
}

/* iter(t): Tensor.__iter__ is iter(self.unbind(0)) (one aten::unbind.int in
 * the trace), made when the iteration starts. */
Value* tensor_iter(Value* v) {
  if (v->u.tensor->dim == 0) {
    Error_set(ErrorType_TypeError, "iteration over a 0-d tensor");
    return NULL;
  }
  IValue args[2] = {IValue_borrowTensor(v->u.tensor), IValue_fromInt(0)};
  Value* rows = call_op_boxed("aten::unbind.int", args);
  if (rows == NULL) return NULL;
  Value* it = Iterator_new(Iter_Seq, "tuple_iterator", rows);
  Value_release(rows);
  return it;
}
