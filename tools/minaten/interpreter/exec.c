/*
 * exec.c - running statements: a top-level statement, the suites of
 * compound statements, and calls of the functions a script defines.
 *
 * A top-level statement is parsed whole (compound.c), as Python compiles
 * it before running any of it, then runs in a frame of its own.  If it
 * fails, anywhere inside its blocks or in the functions it calls, the
 * error ends the whole statement and is reported once (traceback.c), then
 * the next top-level statement runs, exactly as if each were wrapped in
 * try/except (the reference run does that).
 *
 * Running a statement returns how control goes on (Flow): to the next
 * statement, out of a loop (`break`), to the loop's next item
 * (`continue`), out of the function (`return`, its value in the frame), or
 * up with the error.  A loop's `else` runs when the loop ends without
 * `break`.  A call of a function runs its body in a new frame holding its
 * local variables; when the error leaves a frame, the frame adds its line
 * to the traceback.  More than 1000 frames is a RecursionError (Python's
 * default sys.getrecursionlimit(), the top-level statement's frame
 * counted).
 *
 * Python 3.11: Python/ceval.c (the loop of _PyEval_EvalFrameDefault:
 * FOR_ITER, POP_JUMP_IF_FALSE, RETURN_VALUE, BINARY_OP's in-place forms,
 * _Py_EnterRecursivePy), Python/pythonrun.c; PyTorch 1.13:
 * python_variable_methods.cpp (__iadd__ ...)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"

enum { kRecursionLimit = 1000 }; /* sys.getrecursionlimit() */

/* NB(minaten): CPython 3.11 calls Python functions without growing the C
 * stack; minaten's calls recurse in C, and a deep call in a sanitized build
 * can need more than 1000 frames' worth of it.  So a call that finds half
 * of the C stack used is the RecursionError too, rather than a crash. */
static bool c_stack_exhausted(const Interp* in) {
  static size_t budget = 0;
  if (budget == 0) {
    struct rlimit rl;
    size_t limit = getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? (size_t)rl.rlim_cur
                                                                                     : (size_t)64 << 20;
    budget = limit / 2;
  }
  char here;
  uintptr_t at = (uintptr_t)&here;
  size_t used = at < in->stack_base ? in->stack_base - at : at - in->stack_base;
  return used > budget;
}

typedef enum Flow { Flow_Error = -1, Flow_Next = 0, Flow_Break, Flow_Continue, Flow_Return } Flow;

static Flow exec_suite(Interp* in, const Suite* suite);

/* x OP= y: a tensor's in-place method (Tensor.__iadd__ is add_, ...), a
 * list's extend for `+=` (list.__iadd__: every name bound to the list sees
 * it grow), else x OP y. */
static Value* inplace_binary(char op, Value* a, Value* b) {
  if (a->kind == Value_Tensor) {
    Value* r = tensor_inplace_binary(op, a, b);
    if (r != NULL || Error_occurred()) return r;
  }
  if (a->kind == Value_List && op == '+') {
    Value* items = sequence_of(b);
    if (items == NULL) return NULL;
    int n = items->u.seq.n; /* `l += l` doubles l once */
    for (int i = 0; i < n; i++) {
      if (items != a && Value_reaches(items->u.seq.items[i], a)) {
        Error_set(ErrorType_NotImplementedError, "minaten: a list cannot contain itself");
        Value_release(items);
        return NULL;
      }
    }
    for (int i = 0; i < n; i++) {
      if (list_append(a, items->u.seq.items[i]) < 0) {
        Value_release(items);
        return NULL;
      }
    }
    Value_release(items);
    return Value_retain(a);
  }
  return python_inplace_binary(op, a, b);
}

static int exec_augassign(Interp* in, const Stmt* s) {
  const Node* t = s->targets[0];
  Value *obj = NULL, *index = NULL, *current = NULL, *value = NULL, *result = NULL;
  int rc = -1;
  if (t->kind == Node_Subscript) {
    obj = eval_expr(in, t->a);
    index = obj ? eval_index(in, t) : NULL;
    current = index ? subscript(obj, index) : NULL;
  } else {
    current = eval_expr(in, t);
  }
  value = current ? eval_expr(in, s->value) : NULL;
  result = value ? inplace_binary(s->op, current, value) : NULL;
  if (result != NULL) rc = t->kind == Node_Subscript ? assign_subscript(obj, index, result) : assign_target(in, t, result);
  Value_release(result);
  Value_release(value);
  Value_release(current);
  Value_release(index);
  Value_release(obj);
  return rc;
}

static int exec_import(Interp* in, const Stmt* s) {
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
  Value* torch = Value_module("torch");
  int rc = assign_target(in, s->targets[0], torch);
  Value_release(torch);
  return rc;
}

/* An expression statement, or assignments of one value to each target. */
static int exec_simple(Interp* in, const Stmt* s) {
  Value* v = eval_expr(in, s->value);
  if (v == NULL) return -1;
  /* sys.displayhook: the prompt compiles a statement in 'single' mode, which
   * prints the expression statements of its blocks, not of the functions it calls */
  if (s->kind == Stmt_Expr && in->interactive && in->frame->code == NULL && v->kind != Value_None) {
    int w = Value_repr_write(v, stdout);
    putchar('\n');
    Value_release(v);
    return w < 0 ? -1 : 0;
  }
  int rc = 0;
  for (int i = 0; i < s->ntargets && rc == 0; i++) rc = assign_target(in, s->targets[i], v);
  Value_release(v);
  return rc;
}

/* The truth of a condition; -1 with the error. */
static int test(Interp* in, const Node* cond, bool* truth) {
  Value* v = eval_expr(in, cond);
  int rc = v ? python_truth(v, truth) : -1;
  Value_release(v);
  return rc;
}

/* The body of a loop ran: what the loop does next. */
static bool loop_goes_on(Flow f, Flow* out) {
  if (f == Flow_Break) {
    *out = Flow_Next;
    return false;
  }
  if (f == Flow_Error || f == Flow_Return) {
    *out = f;
    return false;
  }
  return true;
}

static Flow exec_while(Interp* in, const Stmt* s) {
  Flow out = Flow_Next;
  for (;;) {
    in->frame->stmt = s;
    bool truth;
    if (test(in, s->value, &truth) < 0) return Flow_Error;
    if (!truth) return exec_suite(in, &s->orelse);
    if (!loop_goes_on(exec_suite(in, &s->body), &out)) return out;
  }
}

static Flow exec_for(Interp* in, const Stmt* s) {
  Value* iterable = eval_expr(in, s->value);
  Value* it = iterable ? Value_iter(iterable) : NULL;
  Value_release(iterable);
  if (it == NULL) return Flow_Error;
  Flow out = Flow_Next;
  for (;;) {
    in->frame->stmt = s;
    Value* item = Iterator_next(it);
    if (item == NULL) {
      out = Error_occurred() ? Flow_Error : exec_suite(in, &s->orelse);
      break;
    }
    int rc = assign_target(in, s->targets[0], item);
    Value_release(item);
    if (rc < 0) {
      out = Flow_Error;
      break;
    }
    if (!loop_goes_on(exec_suite(in, &s->body), &out)) break;
  }
  Value_release(it);
  return out;
}

/* def: the defaults are computed, then the annotations (computed and
 * dropped), then the function is bound to its name. */
static int exec_def(Interp* in, const Stmt* s) {
  Value** defaults = calloc(s->ndefaults > 0 ? (size_t)s->ndefaults : 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(defaults != NULL);
  int n = 0, rc = 0;
  for (; n < s->ndefaults; n++) {
    defaults[n] = eval_expr(in, s->defaults[n]);
    if (defaults[n] == NULL) {
      rc = -1;
      break;
    }
  }
  for (int i = 0; rc == 0 && i < s->nannotations; i++) {
    Value* a = eval_expr(in, s->annotations[i]);
    rc = a ? 0 : -1;
    Value_release(a);
  }
  if (rc == 0) {
    Value* fn = Function_new(s->code, defaults, s->ndefaults, in);
    rc = assign_target(in, s->targets[0], fn);
    Value_release(fn);
  }
  for (int i = 0; i < n; i++) Value_release(defaults[i]);
  free(defaults);
  return rc;
}

/* with EXPR [as TARGET]: BODY.  EXPR's __enter__ runs, its result is bound
 * to TARGET, BODY runs, and __exit__ runs however BODY ends: normally, by
 * break/continue/return, or with an error, which then goes on up (the
 * objects the dialect has never suppress one).  Python 3.11: Python/ceval.c
 * BEFORE_WITH ("'int' object does not support the context manager protocol") */
static Flow exec_with(Interp* in, const Stmt* s) {
  Value* manager = eval_expr(in, s->value);
  if (manager == NULL) return Flow_Error;
  const ObjectType* type = manager->kind == Value_Object ? manager->u.object.type : NULL;
  if (type == NULL || type->enter == NULL || type->exit == NULL) {
    Error_set(ErrorType_TypeError, "'%s' object does not support the context manager protocol",
              Value_typeName(manager));
    note_error(in, s->value);
    Value_release(manager);
    return Flow_Error;
  }
  Value* entered = type->enter(manager);
  Flow flow = Flow_Error;
  if (entered != NULL) {
    flow = s->ntargets == 0 || assign_target(in, s->targets[0], entered) == 0 ? exec_suite(in, &s->body) : Flow_Error;
    Value_release(entered);
    type->exit(manager);
  }
  Value_release(manager);
  return flow;
}

static Flow exec_stmt(Interp* in, const Stmt* s) {
  Frame* f = in->frame;
  f->stmt = s;
  f->error_node = NULL;
  int rc = 0;
  switch (s->kind) {
    case Stmt_Expr:
    case Stmt_Assign: rc = exec_simple(in, s); break;
    case Stmt_AugAssign: rc = exec_augassign(in, s); break;
    case Stmt_Del: rc = delete_target(in, s->targets[0]); break;
    case Stmt_Import: rc = exec_import(in, s); break;
    case Stmt_Pass:
    case Stmt_Global: break;
    case Stmt_Break: return Flow_Break;
    case Stmt_Continue: return Flow_Continue;
    case Stmt_Return:
      f->retval = s->value ? eval_expr(in, s->value) : Value_none();
      return f->retval ? Flow_Return : Flow_Error;
    case Stmt_If: {
      bool truth;
      if (test(in, s->value, &truth) < 0) return Flow_Error;
      return exec_suite(in, truth ? &s->body : &s->orelse);
    }
    case Stmt_While: return exec_while(in, s);
    case Stmt_For: return exec_for(in, s);
    case Stmt_FunctionDef: rc = exec_def(in, s); break;
    case Stmt_With: return exec_with(in, s);
  }
  return rc < 0 ? Flow_Error : Flow_Next;
}

static Flow exec_suite(Interp* in, const Suite* suite) {
  for (int i = 0; i < suite->n; i++) {
    Flow f = exec_stmt(in, suite->stmts[i]);
    if (f != Flow_Next) return f;
  }
  return Flow_Next;
}

static Value** new_slots(int n) {
  Value** slots = calloc(n > 0 ? (size_t)n : 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(slots != NULL);
  return slots;
}

static void free_slots(Value** slots, int n) {
  for (int i = 0; i < n; i++) Value_release(slots[i]);
  free(slots);
}

Value* Interp_callFunction(Value* fn, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  Interp* in = fn->u.function.interp;
  const Code* code = fn->u.function.code;
  if (in->depth >= kRecursionLimit || c_stack_exhausted(in)) {
    Error_set(ErrorType_RecursionError, "maximum recursion depth exceeded");
    return NULL;
  }
  Value** fast = new_slots(code->nlocals);
  if (Function_bindArguments(fn, args, nargs, kwnames, kwargs, nkw, fast) < 0) {
    free_slots(fast, code->nlocals);
    return NULL;
  }
  Frame frame = {in->frame, code, NULL, fast, new_slots(code->ncomp), NULL, NULL, NULL};
  in->frame = &frame;
  in->depth++;
  Value* fn_ref = Value_retain(fn); /* the code must outlive the call, whatever the body rebinds */
  Flow flow = exec_suite(in, &code->body);
  in->depth--;
  in->frame = frame.back;
  Value* result = NULL;
  if (flow == Flow_Error) {
    traceback_push(in, &frame, NULL);
    Value_release(frame.retval);
  } else {
    result = frame.retval ? frame.retval : Value_none();
  }
  free_slots(frame.fast, code->nlocals);
  free_slots(frame.comp, code->ncomp);
  Value_release(fn_ref);
  return result;
}

int Interp_runStatement(Interp* in, const char* text, int lineno) {
  in->lineno = lineno;
  Error_clear();
  traceback_clear(in);
  /* Python compiles a whole file, numbering its lines; the reference run
   * compiles each statement on its own, from line 1 (`(x.py:12, line 2)`). */
  int first_line = in->error_style == ErrorStyle_Traceback ? lineno : 1;
  const char* filename = in->filename ? in->filename : "<string>";
  SyntaxLocation where;
  Module* m = parse_module(text, filename, first_line, &where);
  if (m == NULL) {
    report_syntax_error(in, text, first_line, &where);
    Interp_flushStdout();
    return -1;
  }
  Frame frame = {NULL, NULL, m, NULL, new_slots(m->ncomp), NULL, NULL, NULL};
  in->frame = &frame;
  in->stack_base = (uintptr_t)&frame;
  in->depth = 1;
  Flow flow = exec_suite(in, &m->body);
  in->frame = NULL;
  in->depth = 0;
  if (flow == Flow_Error) {
    if (!Error_occurred()) Error_set(ErrorType_RuntimeError, "unknown error");
    traceback_push(in, &frame, NULL);
    report_error(in);
  }
  Value_release(frame.retval);
  free_slots(frame.comp, m->ncomp);
  Module_free(m);
  Interp_flushStdout();
  return flow == Flow_Error ? -1 : 0;
}

int Interp_runLine(Interp* in, const char* line) { return Interp_runStatement(in, line, in->lineno); }
