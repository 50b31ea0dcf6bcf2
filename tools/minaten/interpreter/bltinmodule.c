/*
 * bltinmodule.c - Python builtins over iterables: min, max, sum, and the
 * list method append.
 *
 * min and max take one iterable or several arguments, `key=` and (with one
 * iterable) `default=`; they keep the first of equal items, comparing each
 * item with `<` (min) or `>` (max) against the best so far, so tensors
 * compare as tensors (`aten::lt`, then their truth).  sum adds the items to
 * `start` (0) left to right with `+`.  Their errors are CPython's.
 *
 * Python 3.11: Python/bltinmodule.c (min_max, builtin_sum_impl),
 * Objects/listobject.c (list_append)
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/interp.h"

/* min_max: op is '<' for min, '>' for max. */
static Value* min_max(const char* name, char op, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  if (nargs == 0) {
    Error_set(ErrorType_TypeError, "%s expected at least 1 argument, got 0", name);
    return NULL;
  }
  Value *key = NULL, *dflt = NULL;
  for (int k = 0; k < nkw; k++) {
    if (strcmp(kwnames[k], "key") == 0) {
      key = kwargs[k]->kind == Value_None ? NULL : kwargs[k];
    } else if (strcmp(kwnames[k], "default") == 0) {
      dflt = kwargs[k];
    } else {
      Error_set(ErrorType_TypeError, "'%s' is an invalid keyword argument for %s()", kwnames[k], name);
      return NULL;
    }
  }
  if (nargs > 1 && dflt != NULL) {
    Error_set(ErrorType_TypeError, "Cannot specify a default for %s() with multiple positional arguments", name);
    return NULL;
  }
  Value* all = NULL;
  if (nargs > 1) {
    all = Value_seq(Value_Tuple, nargs);
    for (int i = 0; i < nargs; i++) all->u.seq.items[i] = Value_retain(args[i]);
  }
  Value* it = Value_iter(all ? all : args[0]);
  Value_release(all);
  if (it == NULL) return NULL;
  Value *best = NULL, *best_val = NULL, *item;
  while ((item = Iterator_next(it)) != NULL) {
    Value* val = key ? call_value(key, NULL, &item, 1, NULL, NULL, 0) : Value_retain(item);
    bool better = best_val == NULL;
    Value* cmp = val && !better ? python_binary(op, val, best_val) : NULL;
    if (val == NULL || (!better && (cmp == NULL || python_truth(cmp, &better) < 0))) {
      Value_release(cmp);
      Value_release(val);
      Value_release(item);
      break;
    }
    Value_release(cmp);
    if (better) {
      Value_release(best);
      Value_release(best_val);
      best = item;
      best_val = val;
    } else {
      Value_release(item);
      Value_release(val);
    }
  }
  Value_release(it);
  Value_release(best_val);
  if (Error_occurred()) {
    Value_release(best);
    return NULL;
  }
  if (best == NULL) {
    if (dflt != NULL) return Value_retain(dflt);
    Error_set(ErrorType_ValueError, "%s() arg is an empty sequence", name);
  }
  return best;
}

Value* builtin_min(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  return min_max("min", '<', args, nargs, kwnames, kwargs, nkw);
}

Value* builtin_max(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  return min_max("max", '>', args, nargs, kwnames, kwargs, nkw);
}

/* sum(iterable, /, start=0) */
Value* builtin_sum(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  Value* start = nargs > 1 ? args[1] : NULL;
  for (int k = 0; k < nkw; k++) {
    if (strcmp(kwnames[k], "start") != 0 || start != NULL) {
      Error_set(ErrorType_TypeError, strcmp(kwnames[k], "start") == 0 ? "argument for sum() given by name ('%s') and position (2)"
                                                                      : "'%s' is an invalid keyword argument for sum()",
                kwnames[k]);
      return NULL;
    }
    start = kwargs[k];
  }
  if (nargs == 0) {
    Error_set(ErrorType_TypeError, "sum() takes at least 1 positional argument (0 given)");
    return NULL;
  }
  if (nargs > 2) {
    Error_set(ErrorType_TypeError, "sum() takes at most 2 arguments (%d given)", nargs);
    return NULL;
  }
  if (start != NULL && start->kind == Value_Str) {
    Error_set(ErrorType_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    return NULL;
  }
  Value* it = Value_iter(args[0]);
  if (it == NULL) return NULL;
  Value* total = start ? Value_retain(start) : Value_int(0);
  Value* item;
  while (total != NULL && (item = Iterator_next(it)) != NULL) {
    Value* next = python_binary('+', total, item);
    Value_release(item);
    Value_release(total);
    total = next;
  }
  Value_release(it);
  if (total != NULL && Error_occurred()) {
    Value_release(total);
    return NULL;
  }
  return total;
}

int list_append(Value* list, Value* v) {
  if (list->u.seq.n >= kMaxListItems) { /* NB(minaten): Python grows the list until a MemoryError */
    Error_set(ErrorType_RuntimeError, "minaten: list too long");
    return -1;
  }
  list->u.seq.items = array_grow(list->u.seq.items, list->u.seq.n, sizeof(Value*));
  list->u.seq.items[list->u.seq.n++] = Value_retain(v);
  return 0;
}

/* list.append(x) */
static Value* list_append_method(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)kwnames, (void)kwargs;
  if (expect_one_arg("list.append", nargs, nkw) < 0) return NULL;
  if (Value_reaches(args[0], self)) {
    /* NB(minaten): values are reference counted without a cycle collector */
    Error_set(ErrorType_NotImplementedError, "minaten: a list cannot contain itself");
    return NULL;
  }
  return list_append(self, args[0]) < 0 ? NULL : Value_none();
}

Value* list_attribute(Value* list, const char* name) {
  if (strcmp(name, "append") == 0) {
    Value* b = Value_builtin("append", list_append_method);
    Value* m = Value_method(list, b);
    Value_release(b);
    return m;
  }
  Error_set(ErrorType_AttributeError, "'list' object has no attribute '%s'", name);
  return NULL;
}
