/*
 * eval.c - running statements: names, expressions, assignments.
 *
 * Each line is parsed whole (parser.c), as Python compiles a line before
 * running any of it, then its statements run in order.  If one fails, its
 * error is printed as `Type: message` (the first line of the message), the
 * rest of the line is skipped and the next line runs, exactly as if each
 * line were wrapped in try/except (DIALECT.md).  Variables live in a uthash
 * table; each holds one reference to its value.
 *
 * Assignment follows Python: the value is computed first, then stored into
 * each target left to right (`a = b = x`); a tuple or list target unpacks
 * (a tensor unpacks along its first dimension through `unbind`, as
 * Tensor.__iter__ does); `t[i] = v` is index assignment (indexing.c).
 * Augmented assignment on a tensor is the in-place method (`a += 1` is
 * `a.add_(1)`, Tensor.__iadd__), on anything else the binary operator.
 *
 * Python 3.11: Python/ceval.c (UNPACK_SEQUENCE, COMPARE_OP chains, BINARY_OP
 * in-place forms); PyTorch 1.13: torch/_tensor.py (__iter__), python_variable_methods.cpp (__iadd__ ...)
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
  ErrorStyle error_style;
  bool interactive;
};

void Interp_setErrorStyle(Interp* in, ErrorStyle style) { in->error_style = style; }
void Interp_setInteractive(Interp* in, bool interactive) { in->interactive = interactive; }

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

static Value** unpack(Value* value, int n);
static Value* sequence_of(Value* value);

/* The positional arguments of a call, `*xs` expanded (new references). */
static Value** eval_args(Interp* in, const Node* n, int* count) {
  int cap = n->n + 1, len = 0;
  Value** out = calloc((size_t)cap, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (int i = 0; i < n->n; i++) {
    const Node* it = n->items[i];
    bool starred = it->kind == Node_Unary && it->op == '*';
    Value* v = eval(in, starred ? it->a : it);
    Value* seq = v && starred ? sequence_of(v) : NULL;
    if (v == NULL || (starred && seq == NULL)) {
      if (starred && v != NULL && Error_type() == ErrorType_TypeError) {
        Error_clear();
        Error_set(ErrorType_TypeError, "Value after * must be an iterable, not %s", Value_typeName(v));
      }
      Value_release(v);
      release_items(out, len);
      return NULL;
    }
    int add = starred ? seq->u.seq.n : 1;
    if (len + add >= cap) {
      cap = (len + add) * 2;
      out = realloc(out, (size_t)cap * sizeof(Value*));
      TORCH_INTERNAL_ASSERT(out != NULL);
    }
    if (starred) {
      for (int k = 0; k < add; k++) out[len++] = Value_retain(seq->u.seq.items[k]);
      Value_release(seq);
      Value_release(v);
    } else {
      out[len++] = v;
    }
  }
  *count = len;
  return out;
}

static Value* eval_call(Interp* in, const Node* n) {
  Value* callee = eval(in, n->a);
  if (callee == NULL) return NULL;
  int nargs = 0;
  Value** args = eval_args(in, n, &nargs);
  Value** kwargs = args ? eval_items(in, n->kwvalues, n->nkw) : NULL;
  Value* r = NULL;
  if (args && kwargs) r = call_value(callee, NULL, args, nargs, n->kwnames, kwargs, n->nkw);
  release_items(args, nargs);
  release_items(kwargs, n->nkw);
  Value_release(callee);
  return r;
}

/* One subscript item: a slice becomes Value_Slice(start, stop, step). */
static Value* eval_subscript_item(Interp* in, const Node* it) {
  if (it->kind != Node_Slice) return eval(in, it);
  Value* s = Value_seq(Value_Slice, 3);
  const Node* parts[3] = {it->a, it->b, it->c};
  for (int k = 0; k < 3; k++) {
    s->u.seq.items[k] = parts[k] ? eval(in, parts[k]) : Value_none();
    if (s->u.seq.items[k] == NULL) {
      s->u.seq.items[k] = Value_none();
      Value_release(s);
      return NULL;
    }
  }
  return s;
}

/* The index of a subscript as Python passes it: `t[0, 1]` and `t[0,]` a
 * tuple, `t[0]` the item itself. */
static Value* eval_index(Interp* in, const Node* n) {
  if (n->n == 1 && !n->paren) return eval_subscript_item(in, n->items[0]);
  Value* t = Value_seq(Value_Tuple, n->n);
  for (int i = 0; i < n->n; i++) {
    t->u.seq.items[i] = eval_subscript_item(in, n->items[i]);
    if (t->u.seq.items[i] == NULL) {
      t->u.seq.n = i;
      Value_release(t);
      return NULL;
    }
  }
  return t;
}

/* a < b < c: each comparison in turn, stopping at the first false one. */
static Value* eval_compare(Interp* in, const Node* n) {
  Value* left = eval(in, n->items[0]);
  Value* result = NULL;
  for (int i = 1; left != NULL && i < n->n; i++) {
    Value* right = eval(in, n->items[i]);
    if (right == NULL) break;
    Value_release(result);
    result = python_binary(n->ops[i - 1], left, right);
    Value_release(left);
    left = right;
    bool truth = false;
    if (result == NULL || (i + 1 < n->n && python_truth(result, &truth) < 0)) {
      Value_release(result);
      result = NULL;
      break;
    }
    if (i + 1 < n->n && !truth) break;
  }
  Value_release(left);
  return result;
}

/* a and b / a or b: Python returns the deciding operand. */
static Value* eval_boolop(Interp* in, const Node* n) {
  Value* a = eval(in, n->a);
  if (a == NULL) return NULL;
  bool truth;
  if (python_truth(a, &truth) < 0) {
    Value_release(a);
    return NULL;
  }
  if ((n->op == 'A') != truth) return a;
  Value_release(a);
  return eval(in, n->b);
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
    case Node_Str: return Value_strn(n->s, n->slen);
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
      Value* index = eval_index(in, n);
      Value* r = index ? index_get(obj, index) : NULL;
      Value_release(index);
      Value_release(obj);
      return r;
    }
    case Node_Slice: /* the parser makes slices only inside subscripts */
      Error_set(ErrorType_SyntaxError, "invalid syntax");
      return NULL;
    case Node_Binary: {
      if (n->op == 'A' || n->op == 'O') return eval_boolop(in, n);
      if (n->op == '?') { /* a if b else c */
        Value* cond = eval(in, n->b);
        bool truth;
        int rc = cond ? python_truth(cond, &truth) : -1;
        Value_release(cond);
        return rc < 0 ? NULL : eval(in, truth ? n->a : n->c);
      }
      Value* a = eval(in, n->a);
      if (a == NULL) return NULL;
      Value* b = eval(in, n->b);
      Value* r = b ? python_binary(n->op, a, b) : NULL;
      Value_release(a);
      Value_release(b);
      return r;
    }
    case Node_Unary: {
      if (n->op == '*') { /* the parser allows *x only as a call argument */
        Error_set(ErrorType_SyntaxError, "can't use starred expression here");
        return NULL;
      }
      Value* a = eval(in, n->a);
      if (a == NULL) return NULL;
      Value* r = python_unary(n->op, a);
      Value_release(a);
      return r;
    }
    case Node_Compare: return eval_compare(in, n);
  }
  return NULL;
}

/* ---- statements --------------------------------------------------------------- */

/* The items of an iterable as a tuple or list (a new reference): sequences
 * themselves, a string's characters, a tensor's unbind(0) (Tensor.__iter__).
 * PyTorch 1.13: torch/_tensor.py Tensor.__iter__ */
static Value* sequence_of(Value* value) {
  if (value->kind == Value_Tuple || value->kind == Value_List || value->kind == Value_Size)
    return Value_retain(value);
  if (value->kind == Value_Str) {
    size_t len = strlen(value->u.s);
    Value* seq = Value_seq(Value_Tuple, (int)len);
    for (size_t i = 0; i < len; i++) seq->u.seq.items[i] = Value_strn(value->u.s + i, 1);
    return seq;
  }
  if (value->kind == Value_Tensor) {
    if (value->u.tensor->dim == 0) {
      Error_set(ErrorType_TypeError, "iteration over a 0-d tensor");
      return NULL;
    }
    IValue args[2] = {IValue_borrowTensor(value->u.tensor), IValue_fromInt(0)};
    return call_op_boxed("aten::unbind.int", args);
  }
  Error_set(ErrorType_TypeError, "'%s' object is not iterable", Value_typeName(value));
  return NULL;
}

/* The items of `value` for unpacking into n targets (new references), or
 * NULL with Python's error. */
static Value** unpack(Value* value, int n) {
  Value* seq = sequence_of(value);
  if (seq == NULL) {
    if (Error_type() == ErrorType_TypeError && value->kind != Value_Tensor) {
      Error_clear();
      Error_set(ErrorType_TypeError, "cannot unpack non-iterable %s object", Value_typeName(value));
    }
    return NULL;
  }
  if (seq->u.seq.n != n) {
    if (seq->u.seq.n > n)
      Error_set(ErrorType_ValueError, "too many values to unpack (expected %d)", n);
    else
      Error_set(ErrorType_ValueError, "not enough values to unpack (expected %d, got %d)", n, seq->u.seq.n);
    Value_release(seq);
    return NULL;
  }
  Value** items = calloc((size_t)n + 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(items != NULL);
  for (int i = 0; i < n; i++) items[i] = Value_retain(seq->u.seq.items[i]);
  Value_release(seq);
  return items;
}

/* Stores value (borrowed) into one assignment target. */
static int assign(Interp* in, const Node* target, Value* value) {
  switch (target->kind) {
    case Node_Name:
      bind_name(in, target->s, Value_retain(value));
      return 0;
    case Node_Tuple:
    case Node_List: {
      Value** items = unpack(value, target->n);
      if (items == NULL) return -1;
      int rc = 0;
      for (int i = 0; i < target->n && rc == 0; i++) rc = assign(in, target->items[i], items[i]);
      release_items(items, target->n);
      return rc;
    }
    case Node_Subscript: {
      Value* obj = eval(in, target->a);
      Value* index = obj ? eval_index(in, target) : NULL;
      int rc = index ? index_set(obj, index, value) : -1;
      Value_release(index);
      Value_release(obj);
      return rc;
    }
    case Node_Attr: {
      Value* obj = eval(in, target->a);
      if (obj == NULL) return -1;
      /* NB(minaten): PyTorch lets scripts set new attributes on a tensor; minaten's values have none. */
      if (obj->kind == Value_Tensor)
        Error_set(ErrorType_AttributeError, "attribute '%s' of 'torch._C._TensorBase' objects is not writable",
                  target->s);
      else
        Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), target->s);
      Value_release(obj);
      return -1;
    }
    default:
      Error_set(ErrorType_SyntaxError, "cannot assign to expression");
      return -1;
  }
}

/* x OP= y: a tensor's in-place method (Tensor.__iadd__ is add_, ...), else x OP y. */
static Value* inplace_binary(char op, Value* a, Value* b) {
  static const struct { char op; const char* method; } kInplace[] = {
      {'+', "add_"}, {'-', "sub_"}, {'*', "mul_"}, {'/', "div_"}, {'f', "floor_divide_"}, {'%', "remainder_"},
      {'p', "pow_"}, {'&', "bitwise_and_"}, {'|', "bitwise_or_"}, {'^', "bitwise_xor_"},
      {'L', "__ilshift__"}, {'R', "__irshift__"}};
  if (a->kind == Value_Tensor) {
    for (size_t i = 0; i < sizeof kInplace / sizeof kInplace[0]; i++) {
      if (kInplace[i].op != op) continue;
      Value* ops = Value_ops("aten", kInplace[i].method, NULL, true, false);
      Value* args[1] = {b};
      Value* r = call_operator(ops, a, args, 1, NULL, NULL, 0);
      Value_release(ops);
      return r;
    }
  }
  return python_binary(op, a, b);
}

static int exec_augassign(Interp* in, const Stmt* s) {
  const Node* t = s->targets[0];
  Value *obj = NULL, *index = NULL, *current = NULL, *value = NULL, *result = NULL;
  int rc = -1;
  if (t->kind == Node_Subscript) {
    obj = eval(in, t->a);
    index = obj ? eval_index(in, t) : NULL;
    current = index ? index_get(obj, index) : NULL;
  } else {
    current = eval(in, t);
  }
  value = current ? eval(in, s->value) : NULL;
  result = value ? inplace_binary(s->op, current, value) : NULL;
  if (result != NULL) rc = t->kind == Node_Subscript ? index_set(obj, index, result) : assign(in, t, result);
  Value_release(result);
  Value_release(value);
  Value_release(current);
  Value_release(index);
  Value_release(obj);
  return rc;
}

/* del l[i] for a list. */
static int list_delete(Value* list, const Value* index) {
  if (index->kind != Value_Int && index->kind != Value_Bool) {
    Error_set(ErrorType_TypeError, "list indices must be integers or slices, not %s", Value_typeName(index));
    return -1;
  }
  int64_t i = index->kind == Value_Int ? index->u.i : index->u.b, len = list->u.seq.n;
  if (i < -len || i >= len) {
    Error_set(ErrorType_IndexError, "list assignment index out of range");
    return -1;
  }
  if (i < 0) i += len;
  Value_release(list->u.seq.items[i]);
  memmove(list->u.seq.items + i, list->u.seq.items + i + 1, (size_t)(len - i - 1) * sizeof(Value*));
  list->u.seq.n--;
  return 0;
}

/* del target.  Tensors do not support deleting items (THPVariable_setitem). */
static int delete_target(Interp* in, const Node* t) {
  if (t->kind == Node_Tuple || t->kind == Node_List) {
    for (int i = 0; i < t->n; i++)
      if (delete_target(in, t->items[i]) < 0) return -1;
    return 0;
  }
  if (t->kind == Node_Name) {
    Variable* v = NULL;
    HASH_FIND_STR(in->vars, t->s, v);
    if (v == NULL) {
      Error_set(ErrorType_NameError, "name '%s' is not defined", t->s);
      return -1;
    }
    HASH_DEL(in->vars, v);
    Value_release(v->value);
    free(v->name);
    free(v);
    return 0;
  }
  Value* obj = eval(in, t->a);
  if (obj == NULL) return -1;
  if (t->kind == Node_Subscript && obj->kind == Value_List) {
    Value* index = eval_index(in, t);
    int rc = index ? list_delete(obj, index) : -1;
    Value_release(index);
    Value_release(obj);
    return rc;
  }
  if (t->kind == Node_Attr)
    Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), t->s);
  else if (obj->kind == Value_Tensor)
    Error_set(ErrorType_TypeError, "Tensor does not support deleting items");
  else
    Error_set(ErrorType_TypeError, "'%s' object doesn't support item deletion", Value_typeName(obj));
  Value_release(obj);
  return -1;
}

static int exec_stmt(Interp* in, const Stmt* s) {
  if (s->kind == Stmt_AugAssign) return exec_augassign(in, s);
  if (s->kind == Stmt_Del) return delete_target(in, s->targets[0]);
  if (s->kind == Stmt_Import) {
    const char* module = s->value->s;
    if (strcmp(module, "torch") != 0 && strncmp(module, "torch.", 6) != 0) {
      /* NB(minaten): Python raises ModuleNotFoundError, or imports the module */
      Error_set(ErrorType_NotImplementedError, "minaten can import only torch, not '%s'", module);
      return -1;
    }
    if (strcmp(module, "torch") != 0 && strcmp(s->targets[0]->s, "torch") != 0) {
      Error_set(ErrorType_NotImplementedError, "minaten has no module '%s'", module);
      return -1;
    }
    bind_name(in, s->targets[0]->s, Value_module("torch"));
    return 0;
  }
  Value* v = eval(in, s->value);
  if (v == NULL) return -1;
  if (s->kind == Stmt_Expr && in->interactive && v->kind != Value_None) { /* sys.displayhook */
    int w = Value_repr_write(v, stdout);
    putchar('\n');
    Value_release(v);
    return w < 0 ? -1 : 0;
  }
  int rc = 0;
  for (int i = 0; i < s->ntargets && rc == 0; i++) rc = assign(in, s->targets[i], v);
  Value_release(v);
  return rc;
}

/* Prints the pending error as `Type: first line of the message`; a
 * SyntaxError names the line as Python's compile() does: `(FILE:LINE, line 1)`,
 * each line being compiled on its own. */
static void report_error(const Interp* in) {
  const char* msg = Error_message();
  if (in->error_style == ErrorStyle_Traceback) {
    const char* file = in->filename ? in->filename : "<string>";
    fflush(stdout);
    if (Error_type() == ErrorType_SyntaxError)
      fprintf(stderr, "  File \"%s\", line %d\n", file, in->lineno);
    else
      fprintf(stderr, "Traceback (most recent call last):\n  File \"%s\", line %d, in <module>\n", file, in->lineno);
    fprintf(stderr, "%s: %s\n", ErrorType_name(Error_type()), msg);
    Error_clear();
    return;
  }
  size_t n = strcspn(msg, "\n");
  printf("%s: %.*s", ErrorType_name(Error_type()), (int)n, msg);
  if (Error_type() == ErrorType_SyntaxError)
    printf(" (%s:%d, line 1)", in->filename ? in->filename : "<string>", in->lineno);
  putchar('\n');
  Error_clear();
}

int Interp_runLine(Interp* in, const char* line) {
  const char* p = line;
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f') p++;
  size_t len = strlen(p);
  while (len > 0 && strchr(" \t\r\n\f", p[len - 1]) != NULL) len--;
  if (len == 12 && strncmp(p, "import torch", 12) == 0) return 0;
  Error_clear();
  Line* l = parse_line(p);
  int rc = l ? 0 : -1;
  for (int i = 0; l != NULL && i < l->n && rc == 0; i++) rc = exec_stmt(in, l->stmts[i]);
  Line_free(l);
  if (rc < 0) {
    if (!Error_occurred()) Error_set(ErrorType_RuntimeError, "unknown error");
    report_error(in);
  }
  fflush(stdout);
  return rc;
}

int Interp_runStatement(Interp* in, const char* text, int lineno) {
  Interp_setLocation(in, in->filename, lineno);
  return Interp_runLine(in, text);
}
