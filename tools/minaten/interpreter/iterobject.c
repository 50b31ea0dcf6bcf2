/*
 * iterobject.c - iteration, as Python's iterator protocol: `iter(x)` makes
 * an iterator, `next(it)` takes its items one at a time until it is
 * exhausted (and stays so).  for loops, comprehensions, unpacking, `*args`,
 * list(), tuple(), min(), max(), sum() all iterate this way.
 *
 * A tuple's, list's or torch.Size's iterator reads the sequence live (a
 * list that grows while a loop walks it is walked to its new end, as in
 * Python); a string's yields its characters; a range's computes its
 * numbers; a tensor's is its unbind(0), made when the iteration starts
 * (Tensor.__iter__ returns iter(self.unbind(0)): one aten::unbind.int in
 * the trace).  enumerate and zip wrap other iterators.  NB(minaten):
 * strings are walked byte by byte, as the interpreter's strings are
 * indexed.
 *
 * Python 3.11: Objects/abstract.c (PyObject_GetIter), Objects/iterobject.c,
 * Objects/listobject.c (listiter_next), Objects/enumobject.c,
 * Python/bltinmodule.c (zip_next); PyTorch 1.13: torch/_tensor.py (Tensor.__iter__)
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/utf8.h"

Value* Iterator_new(IterKind kind, const char* name, Value* source) {
  Value* v = Value_alloc(Value_Iterator);
  v->u.iter.kind = kind;
  v->u.iter.name = name;
  v->u.iter.source = Value_retain(source);
  return v;
}

Value* Value_iter(Value* v) {
  switch (v->kind) {
    case Value_Iterator: return Value_retain(v);
    case Value_Tuple:
    case Value_Size: return Iterator_new(Iter_Seq, "tuple_iterator", v);
    case Value_List: return Iterator_new(Iter_Seq, "list_iterator", v);
    case Value_Str: /* Python 3.11: str_ascii_iterator for an ASCII string */
      return Iterator_new(Iter_Str, utf8_length(v->u.s) == (int64_t)strlen(v->u.s) ? "str_ascii_iterator" : "str_iterator", v);
    case Value_Range: return Iterator_new(Iter_Range, "range_iterator", v);
    case Value_Tensor: return tensor_iter(v);
    default:
      Error_set(ErrorType_TypeError, "'%s' object is not iterable", Value_typeName(v));
      return NULL;
  }
}

/* zip_next: a tuple of the next item of each iterator, or the end when one ends. */
static Value* zip_next(Value* iterators) {
  int n = iterators->u.seq.n;
  Value* t = Value_seq(Value_Tuple, n);
  for (int i = 0; i < n; i++) {
    Value* item = Iterator_next(iterators->u.seq.items[i]);
    if (item == NULL) {
      t->u.seq.n = i;
      Value_release(t);
      return NULL;
    }
    t->u.seq.items[i] = item;
  }
  if (n == 0) { /* zip() yields nothing */
    Value_release(t);
    return NULL;
  }
  return t;
}

Value* Iterator_next(Value* it) {
  if (it->u.iter.done) return NULL;
  Value* src = it->u.iter.source;
  Value* item = NULL;
  switch (it->u.iter.kind) {
    case Iter_Seq:
      if (it->u.iter.index < src->u.seq.n) item = Value_retain(src->u.seq.items[it->u.iter.index++]);
      break;
    case Iter_Str:
      if (src->u.s[it->u.iter.index] != '\0') { /* index: the next code point's byte offset */
        int len = utf8_char_len(src->u.s + it->u.iter.index);
        item = Value_strn(src->u.s + it->u.iter.index, (size_t)len);
        it->u.iter.index += len;
      }
      break;
    case Iter_Range:
      if ((uint64_t)it->u.iter.index < range_length(src)) item = Value_int(range_at(src, it->u.iter.index++));
      break;
    case Iter_Enumerate: {
      Value* inner = Iterator_next(src->u.seq.items[0]);
      if (inner != NULL) {
        item = Value_seq(Value_Tuple, 2);
        item->u.seq.items[0] = Value_int(it->u.iter.index++);
        item->u.seq.items[1] = inner;
      }
      break;
    }
    case Iter_Zip: item = zip_next(src); break;
  }
  if (item == NULL) it->u.iter.done = true;
  return item;
}

Value* sequence_of(Value* value) {
  if (value->kind == Value_Tuple || value->kind == Value_List || value->kind == Value_Size)
    return Value_retain(value);
  Value* it = Value_iter(value);
  if (it == NULL) return NULL;
  Value* out = Value_seq(Value_List, 0);
  Value* item;
  while ((item = Iterator_next(it)) != NULL) {
    int rc = list_append(out, item);
    Value_release(item);
    if (rc < 0) break;
  }
  Value_release(it);
  if (Error_occurred()) {
    Value_release(out);
    return NULL;
  }
  out->kind = Value_Tuple;
  return out;
}

/* enumerate(iterable, start=0).  Python 3.11: Objects/enumobject.c enum_new_impl */
Value* builtin_enumerate(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  Value* iterable = nargs > 0 ? args[0] : NULL;
  Value* start = nargs > 1 ? args[1] : NULL;
  for (int k = 0; k < nkw; k++) {
    bool is_iterable = strcmp(kwnames[k], "iterable") == 0, is_start = strcmp(kwnames[k], "start") == 0;
    if ((!is_iterable && !is_start) || (is_iterable && iterable) || (is_start && start)) {
      Error_set(ErrorType_TypeError, is_iterable || is_start ? "argument for enumerate() given by name ('%s') and position"
                                                            : "'%s' is an invalid keyword argument for enumerate()",
                kwnames[k]);
      return NULL;
    }
    if (is_iterable) iterable = kwargs[k];
    else start = kwargs[k];
  }
  if (nargs > 2) {
    Error_set(ErrorType_TypeError, "enumerate() takes at most 2 arguments (%d given)", nargs + nkw);
    return NULL;
  }
  if (iterable == NULL) {
    Error_set(ErrorType_TypeError, "enumerate() missing required argument 'iterable'");
    return NULL;
  }
  int64_t count = 0;
  if (start != NULL && python_index(start, &count) < 0) return NULL;
  Value* inner = Value_iter(iterable);
  if (inner == NULL) return NULL;
  Value* holder = Value_seq(Value_Tuple, 1);
  holder->u.seq.items[0] = inner;
  Value* it = Iterator_new(Iter_Enumerate, "enumerate", holder);
  Value_release(holder);
  it->u.iter.index = count;
  return it;
}

/* zip(*iterables).  Python 3.11: Python/bltinmodule.c zip_new */
Value* builtin_zip(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwargs;
  if (nkw > 0) { /* NB(minaten): no strict= */
    Error_set(ErrorType_TypeError, "zip() got an unexpected keyword argument '%s'", kwnames[0]);
    return NULL;
  }
  Value* iterators = Value_seq(Value_Tuple, nargs);
  for (int i = 0; i < nargs; i++) {
    iterators->u.seq.items[i] = Value_iter(args[i]);
    if (iterators->u.seq.items[i] == NULL) {
      iterators->u.seq.n = i;
      Value_release(iterators);
      return NULL;
    }
  }
  Value* it = Iterator_new(Iter_Zip, "zip", iterators);
  Value_release(iterators);
  return it;
}
