/*
 * pyops.c - Python's operators: `+ - * / // % ** @`, unary `-` and `+`,
 * comparisons.
 *
 * On Python numbers they compute what Python computes (ints are 64-bit
 * here, see "ints at the int64 edges" below).  `+` and
 * `*` also concatenate and repeat strings, tuples and lists; `==` and `!=`
 * compare any two values (structurally for containers, by identity for
 * tensors' Python objects).
 *
 * With a tensor on either side they are torch.Tensor's operators, in the
 * bindings (bindings/tensor_operators.c, through bindings/torch.h).  A
 * TypeError from `==` / `!=` falls back to Python's identity comparison
 * (`a == None` is False).
 *
 * Python 3.11: Objects/longobject.c (l_divmod), Objects/floatobject.c (float_divmod)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"

/* ---- numbers --------------------------------------------------------------- */

/* Ints at the int64 edges.
 *
 * NB(minaten): a Python int is arbitrary precision; minaten's is an int64.
 * Every operation on ints gives Python's result whenever that result fits
 * in int64 (-2**63 .. 2**63-1), computed without undefined behaviour: `+ - *`
 * and `**` with __builtin_*_overflow, `<<` on the unsigned bit pattern and
 * checked by shifting back, `-x` and abs(x) of -2**63 tested first, `//` of
 * -2**63 by -1 tested first.  When Python's result does not fit (Python
 * would grow the int) the operation raises
 *
 *   RuntimeError: minaten: ints are 64-bit; 9223372036854775807 + 1 does not fit
 *
 * as range(), Size.numel() and int(float) already do, instead of giving a
 * float or a wrapped value: a script either computes what Python computes
 * or stops with this error, never a silently different number.  Python's
 * own errors keep Python's words (`1 << -1`: ValueError: negative shift
 * count; `1 // 0`: ZeroDivisionError: integer division or modulo by zero).
 * Comparisons of an int with a float are exact, as Python's are
 * (2**63-1 == 9223372036854775807.0 is False, the float being 2**63).
 *
 * Python 3.11: Objects/longobject.c (long_add, long_lshift, l_divmod),
 * Objects/floatobject.c (float_richcompare) */

static int64_t int_of(const Value* v) { return v->kind == Value_Bool ? v->u.b : v->u.i; }

/* The RuntimeError of an int result outside int64: "X OP Y does not fit". */
static Value* int_overflow(int64_t x, const char* op, int64_t y) {
  bool paren = x < 0 && strcmp(op, "**") == 0; /* (-2) ** 64, not -2 ** 64 */
  Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; %s%lld%s %s %lld does not fit", paren ? "(" : "",
            (long long)x, paren ? ")" : "", op, (long long)y);
  return NULL;
}

/* Python's floor division and modulo of ints (rounding toward -inf); the
 * caller has excluded y == 0 and -2**63 // -1. */
static void int_divmod(int64_t x, int64_t y, int64_t* q, int64_t* r) {
  if (y == -1) { /* x % -1 is 0 for every x; x / -1 overflows (in C too) only for -2**63 */
    *q = (int64_t)(0 - (uint64_t)x), *r = 0; /* for -2**63 (`%` only) the wrapped quotient is unused */
    return;
  }
  *q = x / y, *r = x % y;
  if (*r != 0 && ((*r < 0) != (y < 0))) *r += y, *q -= 1;
}

/* Python 3.11: Objects/floatobject.c float_divmod */
static void float_divmod(double vx, double wx, double* floordiv, double* mod) {
  *mod = fmod(vx, wx);
  double div = (vx - *mod) / wx;
  if (*mod) {
    if ((wx < 0) != (*mod < 0)) {
      *mod += wx;
      div -= 1.0;
    }
  } else {
    *mod = copysign(0.0, wx);
  }
  if (div) {
    *floordiv = floor(div);
    if (div - *floordiv > 0.5) *floordiv += 1.0;
  } else {
    *floordiv = copysign(0.0, vx / wx);
  }
}

/* int ** int for a non-negative exponent; false on overflow. */
static bool int_pow(int64_t base, int64_t exp, int64_t* out) {
  int64_t r = 1;
  if (base == 0 || base == 1) { /* any exponent, however large */
    *out = exp == 0 ? 1 : base;
    return true;
  }
  if (base == -1) {
    *out = exp % 2 == 0 ? 1 : -1;
    return true;
  }
  while (exp > 0) {
    if ((exp & 1) && __builtin_mul_overflow(r, base, &r)) return false;
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) return false;
  }
  *out = r;
  return true;
}

/* x << y for 0 <= y; false when Python's result leaves int64. */
static bool int_lshift(int64_t x, int64_t y, int64_t* out) {
  if (x == 0) {
    *out = 0;
    return true;
  }
  if (y >= 64) return false;
  /* on the bit pattern: shifting a negative value is undefined in C */
  int64_t r = (int64_t)((uint64_t)x << y);
  if ((r >> y) != x) return false; /* bits (or the sign) lost */
  *out = r;
  return true;
}

/* Compare int i with double d exactly: -1, 0 or 1; 2 when d is NaN.
 * Python 3.11: Objects/floatobject.c float_richcompare */
static int compare_int_float(int64_t i, double d) {
  if (isnan(d)) return 2;
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  int64_t t = (int64_t)d; /* in range: truncation toward 0 is exact */
  if (i != t) return i < t ? -1 : 1;
  double frac = d - (double)t; /* exact: |d| < 2**63, so d - t is d's fraction */
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/* A comparison op on the result of a three-way comparison (2: unordered). */
static bool compared(char op, int c) {
  if (c == 2) return op == '!';
  switch (op) {
    case '<': return c < 0;
    case '>': return c > 0;
    case 'l': return c <= 0;
    case 'g': return c >= 0;
    case '=': return c == 0;
    default: return c != 0;
  }
}

/* Python's three-way comparison of two numbers (2: unordered, a NaN). */
static int numbers_compare(const Value* a, const Value* b) {
  if (a->kind != Value_Float && b->kind != Value_Float) return int_of(a) < int_of(b) ? -1 : int_of(a) > int_of(b);
  if (a->kind != Value_Float) return compare_int_float(int_of(a), b->u.f);
  if (b->kind != Value_Float) {
    int c = compare_int_float(int_of(b), a->u.f);
    return c == 2 ? 2 : -c;
  }
  double x = a->u.f, y = b->u.f;
  return isnan(x) || isnan(y) ? 2 : x < y ? -1 : x > y;
}

static Value* unsupported(char op, const Value* a, const Value* b, bool inplace);

/* a OP b on two ints (bools are ints): Python's long_* functions.  Sets
 * *done, unless the result is a float (`/`, `2 ** -1`), computed by
 * float_binary. */
static Value* int_binary(char op, const Value* a, const Value* b, bool* done) {
  int64_t x = int_of(a), y = int_of(b), r, q;
  *done = true;
  switch (op) {
    case '+':
      if (__builtin_add_overflow(x, y, &r)) return int_overflow(x, "+", y);
      return Value_int(r);
    case '-':
      if (__builtin_sub_overflow(x, y, &r)) return int_overflow(x, "-", y);
      return Value_int(r);
    case '*':
      if (__builtin_mul_overflow(x, y, &r)) return int_overflow(x, "*", y);
      return Value_int(r);
    case 'f': /* // */
    case '%':
      if (y == 0) {
        Error_set(ErrorType_ZeroDivisionError, op == '%' ? "integer modulo by zero" : "integer division or modulo by zero");
        return NULL;
      }
      if (op == 'f' && x == INT64_MIN && y == -1) return int_overflow(x, "//", y);
      int_divmod(x, y, &q, &r);
      return Value_int(op == '%' ? r : q);
    case 'p': /* ** */
      if (y < 0) break; /* a float, as in Python */
      if (!int_pow(x, y, &r)) return int_overflow(x, "**", y);
      return Value_int(r);
    case '&':
    case '|':
    case '^':
      r = op == '&' ? (x & y) : op == '|' ? (x | y) : (x ^ y);
      return a->kind == Value_Bool && b->kind == Value_Bool ? Value_bool(r != 0) : Value_int(r);
    case 'L':
    case 'R':
      if (y < 0) {
        Error_set(ErrorType_ValueError, "negative shift count");
        return NULL;
      }
      if (op == 'R') return Value_int(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
      if (!int_lshift(x, y, &r)) return int_overflow(x, "<<", y);
      return Value_int(r);
    case '<':
    case '>':
    case 'l':
    case 'g':
    case '=':
    case '!':
      return Value_bool(compared(op, x < y ? -1 : x > y ? 1 : 0));
    default: break;
  }
  *done = false;
  return NULL;
}

/* a OP b in floating point (ints: both operands were ints, for the
 * ZeroDivisionError's words): Python's float_* functions.  Sets *done,
 * unless OP is not a float operator. */
static Value* float_binary(char op, const Value* a, const Value* b, bool ints, bool* done) {
  double x = Value_toDouble(a), y = Value_toDouble(b), q, m;
  *done = true;
  switch (op) {
    case '+': return Value_float(x + y);
    case '-': return Value_float(x - y);
    case '*': return Value_float(x * y);
    case '/':
      if (y == 0) {
        Error_set(ErrorType_ZeroDivisionError, ints ? "division by zero" : "float division by zero");
        return NULL;
      }
      return Value_float(x / y);
    case 'f':
    case '%':
      if (y == 0) {
        Error_set(ErrorType_ZeroDivisionError, op == '%' ? "float modulo" : "float floor division by zero");
        return NULL;
      }
      float_divmod(x, y, &q, &m);
      return Value_float(op == '%' ? m : q);
    case 'p':
      if (x == 0 && y < 0) {
        Error_set(ErrorType_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return NULL;
      }
      if (x < 0 && y != floor(y)) {
        Error_set(ErrorType_NotImplementedError, "minaten has no complex numbers");
        return NULL;
      }
      return Value_float(pow(x, y));
    case '<':
    case '>':
    case 'l':
    case 'g':
    case '=':
    case '!': return Value_bool(compared(op, numbers_compare(a, b)));
    default: break;
  }
  *done = false;
  return NULL;
}

/* a OP b on two numbers. */
static Value* number_binary(char op, const Value* a, const Value* b, bool inplace) {
  bool ints = a->kind != Value_Float && b->kind != Value_Float, done;
  if (ints) {
    Value* r = int_binary(op, a, b, &done);
    if (done) return r;
  } else if (strchr("&|^LR", op) != NULL) {
    return unsupported(op, a, b, inplace);
  }
  Value* r = float_binary(op, a, b, ints, &done);
  return done ? r : unsupported(op, a, b, inplace);
}

/* ---- equality of any two values ------------------------------------------------ */

static bool is_seq(const Value* v) {
  return v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size;
}

/* Python's ==, for values that are not tensors or pairs of numbers. */
static bool values_equal(const Value* a, const Value* b) {
  if (a == b) return true;
  if (Value_isNumber(a) && Value_isNumber(b)) return numbers_compare(a, b) == 0;
  /* lists equal lists; tuples equal tuples, torch.Size being a tuple */
  if (is_seq(a) && is_seq(b) && (a->kind == Value_List) == (b->kind == Value_List)) {
    if (a->u.seq.n != b->u.seq.n) return false;
    for (int i = 0; i < a->u.seq.n; i++)
      if (!values_equal(a->u.seq.items[i], b->u.seq.items[i])) return false;
    return true;
  }
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case Value_None:
    case Value_Ellipsis: return true;
    case Value_Str: return strcmp(a->u.s, b->u.s) == 0;
    case Value_Type: return a->u.type == b->u.type;
    case Value_Range: { /* range_equals: the same numbers */
      uint64_t n = range_length(a);
      return n == range_length(b) &&
             (n == 0 || (a->u.range.start == b->u.range.start && (n == 1 || a->u.range.step == b->u.range.step)));
    }
    case Value_Dtype: return a->u.dtype == b->u.dtype;
    case Value_MemoryFormat: return a->u.memory_format == b->u.memory_format;
    case Value_QScheme: return a->u.qscheme == b->u.qscheme;
    case Value_Device: return a->u.device.type == b->u.device.type && a->u.device.index == b->u.device.index;
    case Value_Tensor: return a->u.tensor == b->u.tensor;
    case Value_Object: return a->u.object.payload == b->u.object.payload; /* object.__eq__: identity */
    default: return false;
  }
}

/* ---- sequences ---------------------------------------------------------------- */

static Value* concat(const Value* a, const Value* b) {
  if (a->kind == Value_Str) {
    size_t la = strlen(a->u.s), lb = strlen(b->u.s);
    char* s = malloc(la + lb + 1);
    TORCH_INTERNAL_ASSERT(s != NULL);
    memcpy(s, a->u.s, la);
    memcpy(s + la, b->u.s, lb + 1);
    Value* r = Value_str(s);
    free(s);
    return r;
  }
  /* Size + tuple is a Size (THPSize's sq_concat), tuple + Size a tuple */
  ValueKind kind = a->kind;
  Value* r = Value_seq(kind, a->u.seq.n + b->u.seq.n);
  for (int i = 0; i < a->u.seq.n; i++) r->u.seq.items[i] = Value_retain(a->u.seq.items[i]);
  for (int i = 0; i < b->u.seq.n; i++) r->u.seq.items[a->u.seq.n + i] = Value_retain(b->u.seq.items[i]);
  return r;
}

static Value* repeat(const Value* s, int64_t times) {
  if (times < 0) times = 0;
  if (s->kind == Value_Str) {
    size_t len = strlen(s->u.s);
    if (len != 0 && (uint64_t)times > (1u << 30) / len) {
      Error_set(ErrorType_RuntimeError, "minaten: string too long");
      return NULL;
    }
    char* out = malloc(len * (size_t)times + 1);
    TORCH_INTERNAL_ASSERT(out != NULL);
    for (int64_t i = 0; i < times; i++) memcpy(out + (size_t)i * len, s->u.s, len);
    out[len * (size_t)times] = '\0';
    Value* r = Value_str(out);
    free(out);
    return r;
  }
  if (s->u.seq.n != 0 && times > (1 << 24) / s->u.seq.n) {
    Error_set(ErrorType_RuntimeError, "minaten: sequence too long");
    return NULL;
  }
  Value* r = Value_seq(s->kind, (int)(s->u.seq.n * times));
  for (int64_t i = 0; i < times; i++)
    for (int j = 0; j < s->u.seq.n; j++) r->u.seq.items[i * s->u.seq.n + j] = Value_retain(s->u.seq.items[j]);
  return r;
}

/* ---- entry points ---------------------------------------------------------- */

static const char* op_spelling(char op) {
  switch (op) {
    case 'f': return "//";
    case 'p': return "**";
    case 'l': return "<=";
    case 'g': return ">=";
    case '=': return "==";
    case '!': return "!=";
    case 'L': return "<<";
    case 'R': return ">>";
    default: {
      static const char* const ops = "+-*/%@<>&|^";
      static const char* const spelled[] = {"+", "-", "*", "/", "%", "@", "<", ">", "&", "|", "^"};
      const char* at = strchr(ops, op);
      return at ? spelled[at - ops] : "?";
    }
  }
}

/* `a is b`: the same object.  Python objects that minaten recreates on
 * each use (dtypes, None, small ints, tensors' Python objects, which
 * PyTorch keeps one per tensor) compare by what they denote. */
static bool is_same_object(const Value* a, const Value* b) {
  if (a == b) return true;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case Value_None:
    case Value_Ellipsis: return true;
    case Value_Bool: return a->u.b == b->u.b;
    case Value_Int: return a->u.i == b->u.i && a->u.i >= -5 && a->u.i <= 256;
    case Value_Dtype: return a->u.dtype == b->u.dtype;
    case Value_MemoryFormat: return a->u.memory_format == b->u.memory_format;
    case Value_QScheme: return a->u.qscheme == b->u.qscheme;
    case Value_Tensor: return a->u.tensor == b->u.tensor;
    case Value_Module: return strcmp(a->u.s, b->u.s) == 0;
    case Value_Type: return a->u.type == b->u.type;
    /* a grad_fn node: PyTorch keeps one Python object per node (functionToPyObject) */
    case Value_Object: return a->u.object.payload == b->u.object.payload;
    default: return false;
  }
}

/* `a in b`.  PyTorch 1.13: torch/_tensor.py Tensor.__contains__ ((element == self).any().item()) */
static Value* contains(Value* container, Value* element) {
  if (container->kind == Value_Range) {
    if (element->kind == Value_Int || element->kind == Value_Bool) return Value_bool(range_contains(container, element));
    Value* items = sequence_of(container); /* anything else: compared with each number */
    Value* r = items ? contains(items, element) : NULL;
    Value_release(items);
    return r;
  }
  if (container->kind == Value_Str) {
    if (element->kind != Value_Str) {
      Error_set(ErrorType_TypeError, "'in <string>' requires string as left operand, not %s", Value_typeName(element));
      return NULL;
    }
    return Value_bool(strstr(container->u.s, element->u.s) != NULL);
  }
  if (is_seq(container)) {
    for (int i = 0; i < container->u.seq.n; i++) {
      Value* item = container->u.seq.items[i];
      if (item->kind == Value_Tensor || element->kind == Value_Tensor) {
        Value* eq = python_binary('=', item, element);
        bool truth = false;
        int rc = eq ? python_truth(eq, &truth) : -1;
        Value_release(eq);
        if (rc < 0) return NULL;
        if (truth) return Value_bool(true);
      } else if (is_same_object(item, element) || values_equal(item, element)) {
        return Value_bool(true);
      }
    }
    return Value_bool(false);
  }
  if (container->kind == Value_Tensor) {
    if (element->kind != Value_Tensor && !Value_isNumber(element)) {
      Error_set(ErrorType_RuntimeError, "Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class '%s%s%s'>.",
                type_of(element)->module ? type_of(element)->module : "", type_of(element)->module ? "." : "",
                type_of(element)->name);
      return NULL;
    }
    Value* eq = python_binary('=', element, container);
    Value* any = NULL;
    if (eq != NULL) {
      Value* ops = Value_ops("aten", "any", NULL, true, false);
      any = call_operator(ops, eq, NULL, 0, NULL, NULL, 0);
      Value_release(ops);
      Value_release(eq);
    }
    bool truth = false;
    int rc = any ? python_truth(any, &truth) : -1;
    Value_release(any);
    return rc < 0 ? NULL : Value_bool(truth);
  }
  Error_set(ErrorType_TypeError, "argument of type '%s' is not iterable", Value_typeName(container));
  return NULL;
}

/* The TypeError of an operator neither operand supports: "unsupported
 * operand type(s) for +: 'int' and 'str'" ("+=" for an augmented
 * assignment, "** or pow()" for `**`), "'<' not supported between
 * instances of 'int' and 'str'".  Python 3.11: Objects/abstract.c binop_type_error */
static Value* unsupported(char op, const Value* a, const Value* b, bool inplace) {
  if (strchr("<>lg", op) != NULL)
    Error_set(ErrorType_TypeError, "'%s' not supported between instances of '%s' and '%s'", op_spelling(op),
              Value_typeName(a), Value_typeName(b));
  else
    Error_set(ErrorType_TypeError, "unsupported operand type(s) for %s%s: '%s' and '%s'",
              op == 'p' && !inplace ? "** or pow()" : op_spelling(op), inplace ? "=" : "", Value_typeName(a),
              Value_typeName(b));
  return NULL;
}

static Value* binary(char op, Value* a, Value* b, bool inplace);

Value* python_binary(char op, Value* a, Value* b) { return binary(op, a, b, false); }
Value* python_inplace_binary(char op, Value* a, Value* b) { return binary(op, a, b, true); }

/* a OP b; OP is one of + - * / f(//) % p(**) @ & | ^ L(<<) R(>>) < > l(<=) g(>=) =(==) !(!=)
 * i(is) I(is not) e(in) E(not in); inplace: for an augmented assignment's error. */
static Value* binary(char op, Value* a, Value* b, bool inplace) {
  if (op == 'i' || op == 'I') return Value_bool((op == 'i') == is_same_object(a, b));
  if (op == 'e' || op == 'E') {
    Value* r = contains(b, a);
    if (r != NULL && op == 'E') r->u.b = !r->u.b;
    return r;
  }
  if (Value_isNumber(a) && Value_isNumber(b)) return number_binary(op, a, b, inplace);
  if (a->kind == Value_Tensor || b->kind == Value_Tensor) {
    Value* r = tensor_binary(op, a, b);
    if (r == NULL && (op == '=' || op == '!') && Error_type() == ErrorType_TypeError) {
      Error_clear(); /* NotImplemented from both sides: identity */
      return Value_bool((op == '=') == (a == b));
    }
    return r;
  }
  if (op == '=' || op == '!') return Value_bool((op == '=') == values_equal(a, b));
  bool seq_a = is_seq(a) || a->kind == Value_Str, seq_b = is_seq(b) || b->kind == Value_Str;
  if (op == '+' && seq_a && seq_b &&
      (a->kind == b->kind || (a->kind == Value_Size && b->kind == Value_Tuple) ||
       (a->kind == Value_Tuple && b->kind == Value_Size)))
    return concat(a, b);
  if (op == '*' && seq_a && (b->kind == Value_Int || b->kind == Value_Bool)) return repeat(a, int_of(b));
  if (op == '*' && seq_b && (a->kind == Value_Int || a->kind == Value_Bool)) return repeat(b, int_of(a));
  if (op == '*' && (seq_a || seq_b) && (Value_isNumber(seq_a ? b : a))) { /* sequence_repeat */
    Error_set(ErrorType_TypeError, "can't multiply sequence by non-int of type '%s'", Value_typeName(seq_a ? b : a));
    return NULL;
  }
  if (a->kind == Value_Str && b->kind == Value_Str && strchr("<>lg", op) != NULL) { /* unicode_compare */
    int c = strcmp(a->u.s, b->u.s);
    return Value_bool(op == '<' ? c < 0 : op == '>' ? c > 0 : op == 'l' ? c <= 0 : c >= 0);
  }
  return unsupported(op, a, b, inplace);
}

/* operator.index(v): an int, a bool, or an integer tensor of one element
 * (Tensor.__index__); else "'str' object cannot be interpreted as an
 * integer".  Python 3.11: Objects/abstract.c PyNumber_Index */
int python_index(const Value* v, int64_t* out) {
  if (v->kind == Value_Int || v->kind == Value_Bool) {
    *out = v->kind == Value_Int ? v->u.i : v->u.b;
    return 0;
  }
  if (v->kind == Value_Tensor && ScalarType_isIntegral(v->u.tensor->dtype, true) && v->u.tensor->numel == 1)
    return tensor_to_index(v->u.tensor, out);
  Error_set(ErrorType_TypeError, "'%s' object cannot be interpreted as an integer", Value_typeName(v));
  return -1;
}

/* Python's bool(v).  Returns 0, or -1 with the error set (a tensor of
 * several values).  PyTorch 1.13: python_variable_methods.cpp THPVariable_bool_scalar (is_nonzero) */
int python_truth(const Value* v, bool* out) {
  switch (v->kind) {
    case Value_None: *out = false; return 0;
    case Value_Bool: *out = v->u.b; return 0;
    case Value_Int: *out = v->u.i != 0; return 0;
    case Value_Float: *out = v->u.f != 0; return 0;
    case Value_Str: *out = v->u.s[0] != '\0'; return 0;
    case Value_Tuple:
    case Value_List:
    case Value_Size: *out = v->u.seq.n != 0; return 0;
    case Value_Range: *out = range_length(v) != 0; return 0;
    case Value_Tensor: {
      const Tensor* t = v->u.tensor;
      if (t->numel != 1) {
        Error_set(ErrorType_RuntimeError, "Boolean value of Tensor with %s is ambiguous",
                  t->numel == 0 ? "no values" : "more than one value");
        return -1;
      }
      Value* item = tensor_item(t);
      if (item == NULL) return -1;
      *out = Value_toDouble(item) != 0;
      Value_release(item);
      return 0;
    }
    default: *out = true; return 0;
  }
}

/* -a, +a, ~a and `not a` ('n'). */
Value* python_unary(char op, Value* a) {
  if (op == 'n') {
    bool truth;
    if (python_truth(a, &truth) < 0) return NULL;
    return Value_bool(!truth);
  }
  if (op == '~') {
    if (a->kind == Value_Int || a->kind == Value_Bool) return Value_int(~int_of(a));
    if (a->kind == Value_Tensor) return tensor_unary('~', a);
    Error_set(ErrorType_TypeError, "bad operand type for unary ~: '%s'", Value_typeName(a));
    return NULL;
  }
  if (a->kind == Value_Int || a->kind == Value_Bool) {
    int64_t x = int_of(a);
    if (op == '+') return Value_int(x);
    if (x == INT64_MIN) {
      Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; -(%lld) does not fit", (long long)x);
      return NULL;
    }
    return Value_int(-x);
  }
  if (a->kind == Value_Float) return Value_float(op == '-' ? -a->u.f : a->u.f);
  if (a->kind == Value_Tensor) return tensor_unary(op, a);
  Error_set(ErrorType_TypeError, "bad operand type for unary %c: '%s'", op, Value_typeName(a));
  return NULL;
}
