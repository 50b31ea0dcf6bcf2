/*
 * eval.c - evaluating expressions: names, calls, operators, subscripts,
 * comprehensions; and the targets assignments store into.
 *
 * Names are resolved as symtable.c decided: a function's local variables
 * live in its frame (Frame.fast; reading one not yet bound is an
 * UnboundLocalError), comprehension variables in Frame.comp, everything
 * else in the globals (a uthash table, each entry holding one reference),
 * then Python's builtins.
 *
 * Assignment follows Python: the value is computed first, then stored into
 * each target left to right (`a = b = x`); a tuple or list target unpacks
 * (a tensor unpacks along its first dimension through `unbind`, as
 * Tensor.__iter__ does); `t[i] = v` is index assignment (indexing.c).
 *
 * A failing node is noted in its frame (note_error): the innermost one,
 * since children fail first.  That is the position CPython's traceback
 * shows for the frame: the instruction that raised (a call, a subscript, a
 * name, a binary operator).
 *
 * Python 3.11: Python/ceval.c (LOAD_FAST / LOAD_GLOBAL, UNPACK_SEQUENCE,
 * COMPARE_OP chains), Python/compile.c (compiler_comprehension);
 * PyTorch 1.13: torch/_tensor.py (__iter__)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"

typedef struct Variable {
  char* name;
  Value* value;
  UT_hash_handle hh;
} Variable;

void Interp_setErrorStyle(Interp* in, ErrorStyle style) { in->error_style = style; }
void Interp_setInteractive(Interp* in, bool interactive) { in->interactive = interactive; }

void Interp_setLocation(Interp* in, const char* filename, int lineno) {
  in->filename = filename;
  in->lineno = lineno;
}

/* The interpreter whose running statement warnings are attributed to. */
static Interp* warning_interp = NULL;

/* Where a warning raised now is, as Python's PyErr_WarnEx (stacklevel 1)
 * sees it: the innermost frame's line, in the script's module (every frame
 * shares its globals, and so its __warningregistry__).  The line is the
 * statement's as the frame numbers it: within the top-level statement in
 * the dialect (the reference run compiles each alone, from line 1), in the
 * file with --strict.
 * Python 3.11: Python/_warnings.c setup_context */
static WarningLocation running_statement(void) {
  Interp* in = warning_interp;
  if (in == NULL || in->frame == NULL || in->frame->stmt == NULL) return (WarningLocation){NULL, 0};
  return (WarningLocation){"__main__", in->frame->stmt->lineno};
}

Interp* Interp_new(void) {
  Interp* in = calloc(1, sizeof *in);
  TORCH_INTERNAL_ASSERT(in != NULL);
  warning_interp = in;
  Warning_setLocationHook(running_statement);
  return in;
}

static void free_variable(Interp* in, Variable* v) {
  HASH_DEL(in->globals, v);
  Value_release(v->value);
  free(v->name);
  free(v);
}

void Interp_free(Interp* in) {
  Variable *v, *tmp;
  HASH_ITER(hh, in->globals, v, tmp) free_variable(in, v);
  traceback_clear(in);
  if (warning_interp == in) {
    warning_interp = NULL;
    Warning_setLocationHook(NULL);
  }
  free(in);
}

void note_error(Interp* in, const Node* n) {
  if (in->frame != NULL && in->frame->error_node == NULL) in->frame->error_node = n;
}

/* ---- names ------------------------------------------------------------------ */

static void bind_global(Interp* in, const char* name, Value* value) {
  Variable* v = NULL;
  HASH_FIND_STR(in->globals, name, v);
  if (v != NULL) {
    Value_release(v->value);
    v->value = value;
    return;
  }
  v = calloc(1, sizeof *v);
  TORCH_INTERNAL_ASSERT(v != NULL);
  v->name = strdup(name);
  v->value = value;
  HASH_ADD_KEYPTR(hh, in->globals, v->name, strlen(v->name), v);
}

/* The slot of a local or comprehension variable, or NULL for a global. */
static Value** variable_slot(Interp* in, const Node* n) {
  if (n->op == 'L') return &in->frame->fast[n->i];
  if (n->op == 'C') return &in->frame->comp[n->i];
  return NULL;
}

static int closure_not_supported(const Node* n) {
  Error_set(ErrorType_NotImplementedError,
            "minaten: no closures: '%s' is a variable of the enclosing function", n->s);
  return -1;
}

static void unbound_local(const char* name) {
  Error_set(ErrorType_UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
            name);
}

/* LOAD_FAST / LOAD_GLOBAL: a local, then a global, then a builtin. */
static Value* load_name(Interp* in, const Node* n) {
  if (n->op == 'F') {
    closure_not_supported(n);
    return NULL;
  }
  Value** slot = variable_slot(in, n);
  if (slot != NULL) {
    if (*slot != NULL) return Value_retain(*slot);
    unbound_local(n->s);
    return NULL;
  }
  Variable* v = NULL;
  HASH_FIND_STR(in->globals, n->s, v);
  if (v != NULL) return Value_retain(v->value);
  Value* b = global_builtin(n->s);
  if (b == NULL) Error_set(ErrorType_NameError, "name '%s' is not defined", n->s);
  return b;
}

/* STORE_FAST / STORE_GLOBAL; takes a new reference to value. */
static int store_name(Interp* in, const Node* n, Value* value) {
  if (n->op == 'F') {
    Value_release(value);
    return closure_not_supported(n);
  }
  Value** slot = variable_slot(in, n);
  if (slot != NULL) {
    Value_release(*slot);
    *slot = value;
  } else {
    bind_global(in, n->s, value);
  }
  return 0;
}

/* DELETE_FAST / DELETE_GLOBAL */
static int delete_name(Interp* in, const Node* n) {
  if (n->op == 'F') return closure_not_supported(n);
  Value** slot = variable_slot(in, n);
  if (slot != NULL) {
    if (*slot == NULL) {
      unbound_local(n->s);
      return -1;
    }
    Value_release(*slot);
    *slot = NULL;
    return 0;
  }
  Variable* v = NULL;
  HASH_FIND_STR(in->globals, n->s, v);
  if (v == NULL) {
    Error_set(ErrorType_NameError, "name '%s' is not defined", n->s);
    return -1;
  }
  free_variable(in, v);
  return 0;
}

/* ---- calls -------------------------------------------------------------------- */

/* Evaluates nodes into a new array of references (NULL on error). */
static Value** eval_items(Interp* in, Node* const* nodes, int count) {
  Value** out = calloc(count > 0 ? (size_t)count : 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (int i = 0; i < count; i++) {
    out[i] = eval_expr(in, nodes[i]);
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

/* The positional arguments of a call, `*xs` expanded (new references). */
static Value** eval_args(Interp* in, const Node* n, int* count) {
  int cap = n->n + 1, len = 0;
  Value** out = calloc((size_t)cap, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (int i = 0; i < n->n; i++) {
    const Node* it = n->items[i];
    bool starred = it->kind == Node_Unary && it->op == '*';
    Value* v = eval_expr(in, starred ? it->a : it);
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
  Value* callee = eval_expr(in, n->a);
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

/* ---- subscripts ------------------------------------------------------------------ */

/* One subscript item: a slice becomes Value_Slice(start, stop, step). */
static Value* eval_subscript_item(Interp* in, const Node* it) {
  if (it->kind != Node_Slice) return eval_expr(in, it);
  Value* s = Value_seq(Value_Slice, 3);
  const Node* parts[3] = {it->a, it->b, it->c};
  for (int k = 0; k < 3; k++) {
    s->u.seq.items[k] = parts[k] ? eval_expr(in, parts[k]) : Value_none();
    if (s->u.seq.items[k] == NULL) {
      s->u.seq.items[k] = Value_none();
      Value_release(s);
      return NULL;
    }
  }
  return s;
}

Value* eval_index(Interp* in, const Node* n) {
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

/* obj[index]: a sequence's, a range's, a tensor's (bindings/indexing.c). */
Value* subscript(Value* obj, Value* index) {
  switch (obj->kind) {
    case Value_Range: return range_subscript(obj, index);
    case Value_Tuple:
    case Value_List:
    case Value_Size:
    case Value_Str: return sequence_subscript(obj, index);
    case Value_Tensor: return tensor_getitem(obj, index);
    default:
      Error_set(ErrorType_TypeError, "'%s' object is not subscriptable", Value_typeName(obj));
      return NULL;
  }
}

/* obj[index] = value: a list's item, a tensor's (bindings/indexing.c). */
int assign_subscript(Value* obj, Value* index, Value* value) {
  if (obj->kind == Value_List && index->kind != Value_Slice) return list_ass_item(obj, index, value);
  if (obj->kind == Value_Tensor) return tensor_setitem(obj, index, value);
  Error_set(ErrorType_TypeError, "'%s' object does not support item assignment", Value_typeName(obj));
  return -1;
}

/* ---- operators ------------------------------------------------------------------- */

/* a < b < c: each comparison in turn, stopping at the first false one. */
static Value* eval_compare(Interp* in, const Node* n) {
  Value* left = eval_expr(in, n->items[0]);
  Value* result = NULL;
  for (int i = 1; left != NULL && i < n->n; i++) {
    Value* right = eval_expr(in, n->items[i]);
    Value_release(result); /* an error in a later operand is the comparison's */
    result = NULL;
    if (right == NULL) break;
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
  Value* a = eval_expr(in, n->a);
  if (a == NULL) return NULL;
  bool truth;
  if (python_truth(a, &truth) < 0) {
    Value_release(a);
    return NULL;
  }
  if ((n->op == 'A') != truth) return a;
  Value_release(a);
  return eval_expr(in, n->b);
}

/* ---- comprehensions -------------------------------------------------------------- */

/* Clause k of comprehension n onwards, for each item of the iterator `it`
 * of clause k: binds the target, tests the conditions, then the next
 * clause, or appends the element to out. */
static int run_clause(Interp* in, const Node* n, int k, Value* it, Value* out) {
  const Node* clause = n->items[k];
  for (;;) {
    Value* item = Iterator_next(it);
    if (item == NULL) return Error_occurred() ? -1 : 0;
    int rc = assign_target(in, clause->a, item);
    Value_release(item);
    bool keep = true;
    for (int c = 0; rc == 0 && keep && c < clause->n; c++) {
      Value* cond = eval_expr(in, clause->items[c]);
      rc = cond ? python_truth(cond, &keep) : -1;
      Value_release(cond);
    }
    if (rc == 0 && keep) {
      if (k + 1 < n->n) {
        Value* iterable = eval_expr(in, n->items[k + 1]->b);
        Value* next = iterable ? Value_iter(iterable) : NULL;
        if (iterable && !next) note_error(in, n->items[k + 1]->b);
        rc = next ? run_clause(in, n, k + 1, next, out) : -1;
        Value_release(next);
        Value_release(iterable);
      } else {
        Value* v = eval_expr(in, n->a);
        if (v == NULL || list_append(out, v) < 0) rc = -1;
        Value_release(v);
      }
    }
    if (rc < 0) return -1;
  }
}

/* The comprehension variables' slots, emptied when it ends (they do not leak). */
static void clear_targets(Interp* in, const Node* t) {
  if (t->kind == Node_Name && t->op == 'C') {
    Value_release(in->frame->comp[t->i]);
    in->frame->comp[t->i] = NULL;
  }
  for (int i = 0; i < t->n; i++) clear_targets(in, t->items[i]);
}

/*
 * [elt for ...] / (elt for ...).  As in CPython, the first iterable is
 * evaluated (and iter() called on it) in the enclosing code, the rest in
 * the comprehension's own: an error there gets a traceback line of its own,
 * `<listcomp>` / `<genexpr>`.  NB(minaten): a generator expression is
 * computed at once, into an iterator over its items; Python computes each
 * item when it is asked for.
 */
static Value* eval_comprehension(Interp* in, const Node* n) {
  Value* iterable = eval_expr(in, n->items[0]->b);
  if (iterable == NULL) return NULL;
  Value* it = Value_iter(iterable);
  Value_release(iterable);
  if (it == NULL) return NULL;
  Value* out = Value_seq(Value_List, 0);
  Frame* f = in->frame;
  const Node* outer_error = f->error_node;
  f->error_node = NULL;
  int rc = run_clause(in, n, 0, it, out);
  if (rc < 0) traceback_push(in, f, n->paren ? "<genexpr>" : "<listcomp>");
  f->error_node = outer_error;
  for (int k = 0; k < n->n; k++) clear_targets(in, n->items[k]->a);
  Value_release(it);
  if (rc < 0) {
    Value_release(out);
    return NULL;
  }
  if (!n->paren) return out;
  Value* gen = Iterator_new(Iter_Seq, "generator", out);
  Value_release(out);
  return gen;
}

/* ---- expressions ---------------------------------------------------------------- */

static Value* eval_node(Interp* in, const Node* n) {
  switch (n->kind) {
    case Node_Name: return load_name(in, n);
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
    case Node_ListComp: return eval_comprehension(in, n);
    case Node_Call: return eval_call(in, n);
    case Node_Attr: {
      Value* obj = eval_expr(in, n->a);
      if (obj == NULL) return NULL;
      Value* r = get_attribute(obj, n->s);
      Value_release(obj);
      return r;
    }
    case Node_Subscript: {
      Value* obj = eval_expr(in, n->a);
      if (obj == NULL) return NULL;
      Value* index = eval_index(in, n);
      Value* r = index ? subscript(obj, index) : NULL;
      Value_release(index);
      Value_release(obj);
      return r;
    }
    case Node_Slice: /* the parser makes slices only inside subscripts */
    case Node_Comprehension:
      Error_set(ErrorType_SyntaxError, "invalid syntax");
      return NULL;
    case Node_Binary: {
      if (n->op == 'A' || n->op == 'O') return eval_boolop(in, n);
      if (n->op == '?') { /* a if b else c */
        Value* cond = eval_expr(in, n->b);
        bool truth;
        int rc = cond ? python_truth(cond, &truth) : -1;
        Value_release(cond);
        return rc < 0 ? NULL : eval_expr(in, truth ? n->a : n->c);
      }
      Value* a = eval_expr(in, n->a);
      if (a == NULL) return NULL;
      Value* b = eval_expr(in, n->b);
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
      Value* a = eval_expr(in, n->a);
      if (a == NULL) return NULL;
      Value* r = python_unary(n->op, a);
      Value_release(a);
      return r;
    }
    case Node_Compare: return eval_compare(in, n);
  }
  return NULL;
}

Value* eval_expr(Interp* in, const Node* n) {
  Value* r = eval_node(in, n);
  if (r == NULL) note_error(in, n);
  return r;
}

/* ---- assignment targets ------------------------------------------------------------ */

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

static int store_target(Interp* in, const Node* target, Value* value) {
  switch (target->kind) {
    case Node_Name: return store_name(in, target, Value_retain(value));
    case Node_Tuple:
    case Node_List: {
      Value** items = unpack(value, target->n);
      if (items == NULL) return -1;
      int rc = 0;
      for (int i = 0; i < target->n && rc == 0; i++) rc = assign_target(in, target->items[i], items[i]);
      release_items(items, target->n);
      return rc;
    }
    case Node_Subscript: {
      Value* obj = eval_expr(in, target->a);
      Value* index = obj ? eval_index(in, target) : NULL;
      int rc = index ? assign_subscript(obj, index, value) : -1;
      Value_release(index);
      Value_release(obj);
      return rc;
    }
    case Node_Attr: {
      Value* obj = eval_expr(in, target->a);
      if (obj == NULL) return -1;
      int rc = -1;
      if (obj->kind == Value_Tensor)
        rc = tensor_setattr(obj, target->s, value);
      else
        Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), target->s);
      Value_release(obj);
      return rc;
    }
    default:
      Error_set(ErrorType_SyntaxError, "cannot assign to expression");
      return -1;
  }
}

int assign_target(Interp* in, const Node* target, Value* value) {
  int rc = store_target(in, target, value);
  if (rc < 0) note_error(in, target);
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
static int delete_one(Interp* in, const Node* t) {
  if (t->kind == Node_Tuple || t->kind == Node_List) {
    for (int i = 0; i < t->n; i++)
      if (delete_target(in, t->items[i]) < 0) return -1;
    return 0;
  }
  if (t->kind == Node_Name) return delete_name(in, t);
  Value* obj = eval_expr(in, t->a);
  if (obj == NULL) return -1;
  if (t->kind == Node_Subscript && obj->kind == Value_List) {
    Value* index = eval_index(in, t);
    int rc = index ? list_delete(obj, index) : -1;
    Value_release(index);
    Value_release(obj);
    return rc;
  }
  if (t->kind == Node_Attr && obj->kind == Value_Tensor) {
    int rc = tensor_setattr(obj, t->s, NULL);
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

int delete_target(Interp* in, const Node* t) {
  int rc = delete_one(in, t);
  if (rc < 0) note_error(in, t);
  return rc;
}
