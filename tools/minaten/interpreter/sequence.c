/*
 * sequence.c - subscripts of Python's sequences: `l[1]`, `s[-1]`,
 * `t[1:3]`, `l[::-1]`, and list item assignment `l[0] = x`; the reading of
 * slice objects that tensor indexing shares (bindings/indexing.c).
 *
 * An index is an int, a bool or anything with __index__ (an integer tensor
 * of one element); a slice's parts are ints or None.  Strings are indexed
 * by code point.  Errors are CPython's ("list index out of range", "tuple
 * indices must be integers or slices, not str", "slice step cannot be
 * zero").
 *
 * Python 3.11: Objects/sliceobject.c (PySlice_Unpack, PySlice_AdjustIndices),
 * Python/ceval.c _PyEval_SliceIndex, Objects/listobject.c, Objects/tupleobject.c,
 * Objects/unicodeobject.c
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/utf8.h"

/* ---- Python's slice objects ---------------------------------------------------- */

/* One part of a slice: None, or an int (bools and integer tensors through
 * __index__).  PyTorch 1.13 via Python's _PyEval_SliceIndex */
static int slice_index(const Value* v, int64_t dflt, int64_t* out) {
  if (v->kind == Value_None) *out = dflt;
  else if (v->kind == Value_Int) *out = v->u.i;
  else if (v->kind == Value_Bool) *out = v->u.b;
  else if (v->kind == Value_Tensor && ScalarType_isIntegral(v->u.tensor->dtype, true) && v->u.tensor->numel == 1)
    return tensor_to_index(v->u.tensor, out);
  else {
    Error_set(ErrorType_TypeError, "slice indices must be integers or None or have an __index__ method");
    return -1;
  }
  return 0;
}

/* Python's PySlice_Unpack: defaults for a positive step are 0 and the
 * largest integer. */
int slice_unpack(const Value* s, Slice* out) {
  Value** parts = s->u.seq.items;
  if (slice_index(parts[2], 1, &out->step) < 0) return -1;
  if (out->step == 0) {
    Error_set(ErrorType_ValueError, "slice step cannot be zero");
    return -1;
  }
  if (out->step < -INT64_MAX) out->step = -INT64_MAX;
  if (slice_index(parts[0], out->step < 0 ? INT64_MAX : 0, &out->start) < 0) return -1;
  return slice_index(parts[1], out->step < 0 ? INT64_MIN : INT64_MAX, &out->stop);
}

/* Python's PySlice_AdjustIndices: the number of items, start clamped. */
int64_t slice_adjust(int64_t length, Slice* s) {
  if (s->start < 0) s->start = s->start + length < 0 ? (s->step < 0 ? -1 : 0) : s->start + length;
  else if (s->start >= length) s->start = s->step < 0 ? length - 1 : length;
  if (s->stop < 0) s->stop = s->stop + length < 0 ? (s->step < 0 ? -1 : 0) : s->stop + length;
  else if (s->stop >= length) s->stop = s->step < 0 ? length - 1 : length;
  if (s->step < 0) return s->stop < s->start ? (s->start - s->stop - 1) / (-s->step) + 1 : 0;
  return s->start < s->stop ? (s->stop - s->start - 1) / s->step + 1 : 0;
}

/* ---- subscripts of Python sequences ------------------------------------------------ */

/* obj[index] of a tuple, list, torch.Size or string: an item or a slice.
 * Python 3.11: Objects/listobject.c list_subscript, Objects/tupleobject.c,
 * Objects/unicodeobject.c unicode_subscript */
Value* sequence_subscript(Value* obj, const Value* index) {
  bool is_str = obj->kind == Value_Str;
  int64_t len = is_str ? utf8_length(obj->u.s) : obj->u.seq.n; /* a string's code points */
  const char* what = obj->kind == Value_List ? "list" : is_str ? "string" : "tuple";
  if (index->kind == Value_Slice) {
    Slice s;
    if (slice_unpack(index, &s) < 0) return NULL;
    int64_t n = slice_adjust(len, &s);
    if (is_str) { /* the code points start, start + step, ... */
      const char** at = malloc(((size_t)len + 1) * sizeof *at);
      char* buf = malloc(strlen(obj->u.s) + 1);
      TORCH_INTERNAL_ASSERT(at != NULL && buf != NULL);
      at[0] = obj->u.s;
      for (int64_t i = 0; i < len; i++) at[i + 1] = at[i] + utf8_char_len(at[i]);
      size_t bytes = 0;
      for (int64_t i = 0; i < n; i++) {
        const char* c = at[s.start + i * s.step];
        int clen = utf8_char_len(c);
        memcpy(buf + bytes, c, (size_t)clen);
        bytes += (size_t)clen;
      }
      Value* r = Value_strn(buf, bytes);
      free(buf);
      free(at);
      return r;
    }
    Value* r = Value_seq(obj->kind, (int)n);
    for (int64_t i = 0; i < n; i++) r->u.seq.items[i] = Value_retain(obj->u.seq.items[s.start + i * s.step]);
    return r;
  }
  int64_t i;
  if (index->kind == Value_Int || index->kind == Value_Bool) {
    i = index->kind == Value_Int ? index->u.i : index->u.b;
  } else if (index->kind == Value_Tensor && ScalarType_isIntegral(index->u.tensor->dtype, true) &&
             index->u.tensor->numel == 1) {
    if (tensor_to_index(index->u.tensor, &i) < 0) return NULL;
  } else {
    Error_set(ErrorType_TypeError, "%s indices must be integers or slices, not %s", what, Value_typeName(index));
    return NULL;
  }
  if (i < -len || i >= len) {
    Error_set(ErrorType_IndexError, "%s index out of range", what);
    return NULL;
  }
  if (i < 0) i += len;
  if (is_str) {
    const char* c = utf8_at(obj->u.s, i);
    return Value_strn(c, (size_t)utf8_char_len(c));
  }
  return Value_retain(obj->u.seq.items[i]);
}

/* ---- list item assignment ------------------------------------------------------ */

/* list[index] = value, index not a slice: a list is mutable, every name bound
 * to it sees the change.  An index is an int or has __index__ (an integer
 * tensor of one element).  Python 3.11: Objects/listobject.c list_ass_subscript */
int list_ass_item(Value* obj, const Value* index, Value* value) {
  int64_t i, len = obj->u.seq.n;
  if (index->kind != Value_Int && index->kind != Value_Bool && index->kind != Value_Tensor) {
    Error_set(ErrorType_TypeError, "list indices must be integers or slices, not %s", Value_typeName(index));
    return -1;
  }
  if (python_index(index, &i) < 0) return -1;
  if (i < -len || i >= len) {
    Error_set(ErrorType_IndexError, "list assignment index out of range");
    return -1;
  }
  if (i < 0) i += len;
  if (Value_reaches(value, obj)) {
    /* NB(minaten): values are reference counted without a cycle collector */
    Error_set(ErrorType_NotImplementedError, "minaten: a list cannot contain itself");
    return -1;
  }
  Value_release(obj->u.seq.items[i]);
  obj->u.seq.items[i] = Value_retain(value);
  return 0;
}
