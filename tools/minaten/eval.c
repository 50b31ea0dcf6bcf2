/*
 * eval.c - running statements: names, expressions, assignments.
 *
 * Each line runs on its own: if it fails, its error is printed as
 * `Type: message` (the first line of the message) and the next line runs,
 * exactly as if each line were wrapped in try/except (DIALECT.md).
 * Variables live in a uthash table; each holds one reference to its value.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "tools/minaten/interp.h"

typedef struct Variable {
  char* name;
  Value* value;
  UT_hash_handle hh;
} Variable;

struct Interp {
  Variable* vars;
  const char* filename; /* for SyntaxError messages: "script.py" or "<string>" */
  int lineno;
};

void Interp_setLocation(Interp* in, const char* filename, int lineno) {
  in->filename = filename;
  in->lineno = lineno;
}

Interp* Interp_new(void) {
  Interp* in = calloc(1, sizeof *in);
  TORCH_INTERNAL_ASSERT(in != NULL);
  return in;
}

void Interp_free(Interp* in) {
  Variable *v, *tmp;
  HASH_ITER(hh, in->vars, v, tmp) {
    HASH_DEL(in->vars, v);
    Value_release(v->value);
    free(v->name);
    free(v);
  }
  free(in);
}

static void bind_name(Interp* in, const char* name, Value* value) {
  Variable* v = NULL;
  HASH_FIND_STR(in->vars, name, v);
  if (v != NULL) {
    Value_release(v->value);
    v->value = value;
    return;
  }
  v = calloc(1, sizeof *v);
  TORCH_INTERNAL_ASSERT(v != NULL);
  v->name = strdup(name);
  v->value = value;
  HASH_ADD_KEYPTR(hh, in->vars, v->name, strlen(v->name), v);
}

static Value* eval(Interp* in, const Node* n);

/* Evaluates n->items into a new array of references (NULL on error). */
static Value** eval_items(Interp* in, Node* const* nodes, int count) {
  Value** out = calloc(count > 0 ? (size_t)count : 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (int i = 0; i < count; i++) {
    out[i] = eval(in, nodes[i]);
    if (out[i] == NULL) {
      for (int j = 0; j < i; j++) Value_release(out[j]);
      free(out);
      return NULL;
    }
  }
  return out;
}

static void release_items(Value** items, int count) {
  if (items == NULL) return;
  for (int i = 0; i < count; i++) Value_release(items[i]);
  free(items);
}

static Value* get_attribute(Value* obj, const char* name) {
  if (obj->kind == Value_Tensor) return tensor_attribute(obj, name);
  if (obj->kind == Value_Module) {
    if (strcmp(obj->u.s, "torch") == 0) return torch_attribute(name);
    if (strcmp(obj->u.s, "torch.ops") == 0) {
      char buf[256];
      snprintf(buf, sizeof buf, "torch.ops.%s", name);
      return Value_module(buf);
    }
    const char* ns = obj->u.s + strlen("torch.ops.");
    if (find_bound_operator(ns, name, false, true) != NULL) return Value_ops(ns, name, NULL, false, true);
    Error_set(ErrorType_AttributeError, "'_OpNamespace' '%s' object has no attribute '%s'", ns, name);
    return NULL;
  }
  if (obj->kind == Value_Ops && obj->u.ops.overload == NULL && obj->u.ops.all) {
    const char* overload = strcmp(name, "default") == 0 ? "" : name;
    char qualified[256];
    snprintf(qualified, sizeof qualified, "%s::%s%s%s", obj->u.ops.ns, obj->u.ops.name, overload[0] ? "." : "", overload);
    if (Dispatcher_findSchema(qualified) != NULL) return Value_ops(obj->u.ops.ns, obj->u.ops.name, overload, false, true);
    Error_set(ErrorType_AttributeError, "'OpOverloadPacket' object has no attribute '%s'", name);
    return NULL;
  }
  Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), name);
  return NULL;
}

static Value* eval_call(Interp* in, const Node* n) {
  Value* callee = eval(in, n->a);
  if (callee == NULL) return NULL;
  Value** args = eval_items(in, n->items, n->n);
  Value** kwargs = args ? eval_items(in, n->kwvalues, n->nkw) : NULL;
  Value* r = NULL;
  if (args && kwargs) r = call_value(callee, NULL, args, n->n, n->kwnames, kwargs, n->nkw);
  release_items(args, n->n);
  release_items(kwargs, n->nkw);
  Value_release(callee);
  return r;
}

/* Subscript items: slices become Value_Slice(start, stop, step). */
static Value** eval_subscript_items(Interp* in, const Node* n) {
  Value** items = calloc((size_t)n->n, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(items != NULL);
  for (int i = 0; i < n->n; i++) {
    const Node* it = n->items[i];
    if (it->kind == Node_Slice) {
      Value* s = Value_seq(Value_Slice, 3);
      const Node* parts[3] = {it->a, it->b, it->c};
      for (int k = 0; k < 3 && s; k++) {
        s->u.seq.items[k] = parts[k] ? eval(in, parts[k]) : Value_none();
        if (s->u.seq.items[k] == NULL) {
          s->u.seq.items[k] = Value_none();
          Value_release(s);
          s = NULL;
        }
      }
      items[i] = s;
    } else {
      items[i] = eval(in, it);
    }
    if (items[i] == NULL) {
      release_items(items, i);
      return NULL;
    }
  }
  return items;
}

/* Arithmetic and comparisons on Python numbers (and str/tuple +). */
static Value* number_binary(char op, const Value* a, const Value* b) {
  bool ints = a->kind != Value_Float && b->kind != Value_Float;
  if (ints) {
    int64_t x = a->kind == Value_Bool ? a->u.b : a->u.i, y = b->kind == Value_Bool ? b->u.b : b->u.i, r;
    switch (op) {
      case '+': if (!__builtin_add_overflow(x, y, &r)) return Value_int(r); break;
      case '-': if (!__builtin_sub_overflow(x, y, &r)) return Value_int(r); break;
      case '*': if (!__builtin_mul_overflow(x, y, &r)) return Value_int(r); break;
      default: break;
    }
  }
  double x = Value_toDouble(a), y = Value_toDouble(b);
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
    case '<': return Value_bool(x < y);
    case '>': return Value_bool(x > y);
    case 'l': return Value_bool(x <= y);
    case 'g': return Value_bool(x >= y);
    case '=': return Value_bool(ints ? Value_toDouble(a) == Value_toDouble(b) : x == y);
    case '!': return Value_bool(x != y);
    default: break;
  }
  Error_set(ErrorType_TypeError, "unsupported operand type(s) for @: '%s' and '%s'", Value_typeName(a), Value_typeName(b));
  return NULL;
}

/* The operator behind a Python operator on tensors (DIALECT.md). */
static const char* operator_name(char op) {
  switch (op) {
    case '+': return "add";
    case '-': return "sub";
    case '*': return "mul";
    case '/': return "div";
    case '@': return "matmul";
    case '<': return "lt";
    case '>': return "gt";
    case 'l': return "le";
    case 'g': return "ge";
    case '=': return "eq";
    default: return "ne";
  }
}

/* Calls aten::NAME(args...) by overload resolution, as Python's operators do. */
static Value* call_aten(const char* name, Value* x, Value* y) {
  Value* ops = Value_ops("aten", name, NULL, false, true);
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

/*
 * Python operators on tensors, as torch.Tensor defines them
 * (PyTorch 1.13: torch/_tensor.py __rsub__, __rtruediv__, ...): `a + 1` is
 * add.Tensor with a wrapped number; `1 + a` and `2 * a` swap operands;
 * `1 - a` is rsub; `2 / a` is `a.reciprocal() * 2`; `2 < a` is `a > 2`.
 */
static Value* tensor_binary(char op, Value* a, Value* b) {
  if (a->kind == Value_Tensor) return call_aten(operator_name(op), a, b);
  switch (op) {
    case '+':
    case '*':
      return call_aten(operator_name(op), b, a);
    case '-':
      return call_aten("rsub", b, a);
    case '/': {
      Value* r = call_aten("reciprocal", b, NULL);
      if (r == NULL) return NULL;
      Value* p = call_aten("mul", r, a);
      Value_release(r);
      return p;
    }
    case '@':
      return call_aten("matmul", a, b);
    default:
      return call_aten(operator_name(reflected_comparison(op)), b, a);
  }
}

static Value* binary(char op, Value* a, Value* b) {
  if (Value_isNumber(a) && Value_isNumber(b)) return number_binary(op, a, b);
  if (a->kind == Value_Tensor || b->kind == Value_Tensor) return tensor_binary(op, a, b);
  if (op == '+' && a->kind == b->kind && (a->kind == Value_Str || a->kind == Value_Tuple || a->kind == Value_List)) {
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
    Value* r = Value_seq(a->kind, a->u.seq.n + b->u.seq.n);
    for (int i = 0; i < a->u.seq.n; i++) r->u.seq.items[i] = Value_retain(a->u.seq.items[i]);
    for (int i = 0; i < b->u.seq.n; i++) r->u.seq.items[a->u.seq.n + i] = Value_retain(b->u.seq.items[i]);
    return r;
  }
  if (op == '=' || op == '!') {
    bool eq = a->kind == b->kind && a->kind == Value_Str ? strcmp(a->u.s, b->u.s) == 0
              : a->kind == b->kind && a->kind == Value_Dtype ? a->u.dtype == b->u.dtype
              : a->kind == Value_None && b->kind == Value_None;
    return Value_bool(op == '=' ? eq : !eq);
  }
  Error_set(ErrorType_TypeError, "unsupported operand type(s) for %c: '%s' and '%s'", op, Value_typeName(a),
            Value_typeName(b));
  return NULL;
}

static Value* eval(Interp* in, const Node* n) {
  switch (n->kind) {
    case Node_Name: {
      Variable* v = NULL;
      HASH_FIND_STR(in->vars, n->s, v);
      if (v != NULL) return Value_retain(v->value);
      Value* b = global_builtin(n->s);
      if (b == NULL) Error_set(ErrorType_NameError, "name '%s' is not defined", n->s);
      return b;
    }
    case Node_Int: return Value_int(n->i);
    case Node_Float: return Value_float(n->f);
    case Node_Str: return Value_str(n->s);
    case Node_True: return Value_bool(true);
    case Node_False: return Value_bool(false);
    case Node_None: return Value_none();
    case Node_Ellipsis: return Value_ellipsis();
    case Node_Tuple:
    case Node_List: {
      Value** items = eval_items(in, n->items, n->n);
      if (items == NULL) return NULL;
      Value* r = Value_seq(n->kind == Node_Tuple ? Value_Tuple : Value_List, n->n);
      for (int i = 0; i < n->n; i++) r->u.seq.items[i] = items[i];
      free(items);
      return r;
    }
    case Node_Call: return eval_call(in, n);
    case Node_Attr: {
      Value* obj = eval(in, n->a);
      if (obj == NULL) return NULL;
      Value* r = get_attribute(obj, n->s);
      Value_release(obj);
      return r;
    }
    case Node_Subscript: {
      Value* obj = eval(in, n->a);
      if (obj == NULL) return NULL;
      Value** items = eval_subscript_items(in, n);
      Value* r = items ? index_get(obj, items, n->n) : NULL;
      release_items(items, items ? n->n : 0);
      Value_release(obj);
      return r;
    }
    case Node_Slice:
      Error_set(ErrorType_SyntaxError, "invalid syntax");
      return NULL;
    case Node_Binary: {
      Value* a = eval(in, n->a);
      if (a == NULL) return NULL;
      Value* b = eval(in, n->b);
      Value* r = b ? binary(n->op, a, b) : NULL;
      Value_release(a);
      Value_release(b);
      return r;
    }
    case Node_Negate: {
      Value* a = eval(in, n->a);
      if (a == NULL) return NULL;
      Value* r = NULL;
      if (a->kind == Value_Int && a->u.i != INT64_MIN) r = Value_int(-a->u.i);
      else if (a->kind == Value_Bool) r = Value_int(-(int64_t)a->u.b);
      else if (a->kind == Value_Float || a->kind == Value_Int) r = Value_float(-Value_toDouble(a));
      else if (a->kind == Value_Tensor) {
        r = call_aten("neg", a, NULL);
      } else {
        Error_set(ErrorType_TypeError, "bad operand type for unary -: '%s'", Value_typeName(a));
      }
      Value_release(a);
      return r;
    }
  }
  return NULL;
}

static int exec_stmt(Interp* in, const Stmt* s) {
  if (s->kind == Stmt_SetItem) {
    Value* value = eval(in, s->value);
    if (value == NULL) return -1;
    Value* obj = eval(in, s->target->a);
    Value** items = obj ? eval_subscript_items(in, s->target) : NULL;
    int rc = items ? index_set(obj, items, s->target->n, value) : -1;
    release_items(items, items ? s->target->n : 0);
    Value_release(obj);
    Value_release(value);
    return rc;
  }
  Value* v = eval(in, s->kind == Stmt_Expr ? s->target : s->value);
  if (v == NULL) return -1;
  if (s->kind == Stmt_Expr) {
    Value_release(v);
    return 0;
  }
  if (s->kind == Stmt_Assign) {
    bind_name(in, s->names[0], v);
    return 0;
  }
  /* Unpacking: a, b = (x, y) */
  if (v->kind != Value_Tuple && v->kind != Value_List && v->kind != Value_Size) {
    Error_set(ErrorType_TypeError, "cannot unpack non-iterable %s object", Value_typeName(v));
    Value_release(v);
    return -1;
  }
  if (v->u.seq.n != s->nnames) {
    if (v->u.seq.n > s->nnames)
      Error_set(ErrorType_ValueError, "too many values to unpack (expected %d)", s->nnames);
    else
      Error_set(ErrorType_ValueError, "not enough values to unpack (expected %d, got %d)", s->nnames, v->u.seq.n);
    Value_release(v);
    return -1;
  }
  for (int i = 0; i < s->nnames; i++) bind_name(in, s->names[i], Value_retain(v->u.seq.items[i]));
  Value_release(v);
  return 0;
}

/* Prints the pending error as `Type: first line of the message`; a
 * SyntaxError names the line as Python's compile() does: `(FILE:LINE, line 1)`,
 * each line being compiled on its own. */
static void report_error(const Interp* in) {
  const char* msg = Error_message();
  size_t n = strcspn(msg, "\n");
  printf("%s: %.*s", ErrorType_name(Error_type()), (int)n, msg);
  if (Error_type() == ErrorType_SyntaxError)
    printf(" (%s:%d, line 1)", in->filename ? in->filename : "<string>", in->lineno);
  putchar('\n');
  Error_clear();
}

int Interp_runLine(Interp* in, const char* line) {
  const char* p = line;
  while (*p == ' ' || *p == '\t') p++;
  if (*p == '\0' || *p == '#' || *p == '\n' || *p == '\r') return 0;
  if (strncmp(p, "import torch", 12) == 0 && strspn(p + 12, " \t\r\n") == strlen(p + 12)) return 0;
  Error_clear();
  Stmt* s = parse_line(p);
  int rc = s ? exec_stmt(in, s) : -1;
  Stmt_free(s);
  if (rc < 0) {
    if (!Error_occurred()) Error_set(ErrorType_RuntimeError, "unknown error");
    report_error(in);
  }
  fflush(stdout);
  return rc;
}
