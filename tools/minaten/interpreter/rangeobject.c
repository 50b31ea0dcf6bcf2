/*
 * rangeobject.c - range(stop), range(start, stop[, step]): an immutable
 * sequence of integers computed, never stored: its length, its i-th item
 * and its slices are arithmetic, as in CPython.  It prints as
 * `range(0, 3)` / `range(1, 10, 2)`.
 *
 * Its ends and step are int64s, its length up to 2**64 - 1 (range(-2**63,
 * 2**63 - 1) is a range; len() of it is Python's OverflowError).
 * NB(minaten): ints are 64-bit; a slice of a range whose step does not fit,
 * or of a range longer than 2**63 - 1, is an error rather than Python's
 * arbitrary precision.
 *
 * Python 3.11: Objects/rangeobject.c (range_from_array, compute_range_length,
 * compute_item, compute_slice, range_contains_long)
 */
#include <stdlib.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/interp.h"

static Value* new_range(int64_t start, int64_t stop, int64_t step) {
  Value* r = Value_alloc(Value_Range);
  r->u.range.start = start;
  r->u.range.stop = stop;
  r->u.range.step = step;
  return r;
}

/* compute_range_length, in unsigned arithmetic so that no step overflows. */
static uint64_t length_of(int64_t start, int64_t stop, int64_t step) {
  uint64_t lo, hi, ustep;
  if (step > 0) {
    if (start >= stop) return 0;
    lo = (uint64_t)start, hi = (uint64_t)stop, ustep = (uint64_t)step;
  } else {
    if (start <= stop) return 0;
    lo = (uint64_t)stop, hi = (uint64_t)start, ustep = 0 - (uint64_t)step;
  }
  return (hi - lo - 1) / ustep + 1;
}

/* range(...).  Python 3.11: Objects/rangeobject.c range_vectorcall, range_from_array */
Value* builtin_range(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (check_positional("range", nargs, nkw, 1, 3) < 0) return NULL;
  int64_t v[3] = {0, 0, 1};
  for (int i = 0; i < nargs; i++)
    if (python_index(args[i], &v[nargs == 1 ? 1 : i]) < 0) return NULL;
  if (v[2] == 0) {
    Error_set(ErrorType_ValueError, "range() arg 3 must not be zero");
    return NULL;
  }
  return new_range(v[0], v[1], v[2]);
}

uint64_t range_length(const Value* r) { return length_of(r->u.range.start, r->u.range.stop, r->u.range.step); }

int64_t range_at(const Value* r, int64_t i) {
  return (int64_t)((uint64_t)r->u.range.start + (uint64_t)i * (uint64_t)r->u.range.step);
}

/* slice.indices(length): start, stop, step of a slice clamped to a
 * sequence of `length` (PySlice_Unpack + PySlice_AdjustIndices). */
static int slice_indices(const Value* s, int64_t length, int64_t* out) {
  int64_t step = 1;
  const Value* parts[3] = {s->u.seq.items[0], s->u.seq.items[1], s->u.seq.items[2]};
  if (parts[2]->kind != Value_None && python_index(parts[2], &step) < 0) return -1;
  if (step == 0) {
    Error_set(ErrorType_ValueError, "slice step cannot be zero");
    return -1;
  }
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? length - 1 : length;
  int64_t bound[2] = {step < 0 ? upper : lower, step < 0 ? lower : upper};
  for (int k = 0; k < 2; k++) {
    if (parts[k]->kind == Value_None) continue;
    int64_t x;
    if (python_index(parts[k], &x) < 0) return -1;
    if (x < 0) x = x + length < lower ? lower : x + length;
    else if (x > upper) x = upper;
    bound[k] = x;
  }
  out[0] = bound[0], out[1] = bound[1], out[2] = step;
  return 0;
}

Value* range_subscript(Value* r, Value* index) {
  uint64_t len = range_length(r);
  if (index->kind == Value_Slice) { /* compute_slice */
    int64_t s[3], step;
    if (len > INT64_MAX) {
      Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; the range is too long");
      return NULL;
    }
    if (slice_indices(index, (int64_t)len, s) < 0) return NULL;
    if (__builtin_mul_overflow(r->u.range.step, s[2], &step)) {
      Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; %lld * %lld does not fit",
                (long long)r->u.range.step, (long long)s[2]);
      return NULL;
    }
    return new_range(range_at(r, s[0]), range_at(r, s[1]), step);
  }
  int64_t i;
  if (index->kind != Value_Int && index->kind != Value_Bool && index->kind != Value_Tensor) {
    Error_set(ErrorType_TypeError, "range indices must be integers or slices, not %s", Value_typeName(index));
    return NULL;
  }
  if (python_index(index, &i) < 0) return NULL;
  /* in unsigned arithmetic: the length may exceed INT64_MAX */
  uint64_t at = i < 0 ? len - (0 - (uint64_t)i) : (uint64_t)i;
  if (i < 0 ? (0 - (uint64_t)i) > len : (uint64_t)i >= len) {
    Error_set(ErrorType_IndexError, "range object index out of range");
    return NULL;
  }
  return Value_int((int64_t)((uint64_t)r->u.range.start + at * (uint64_t)r->u.range.step));
}

/* range_contains_long: an int is in the range when it lies between the
 * ends and on the step. */
bool range_contains(const Value* r, const Value* x) {
  int64_t v = x->kind == Value_Int ? x->u.i : x->u.b;
  int64_t start = r->u.range.start, stop = r->u.range.stop, step = r->u.range.step;
  if (step > 0 ? (v < start || v >= stop) : (v > start || v <= stop)) return false;
  uint64_t distance = step > 0 ? (uint64_t)v - (uint64_t)start : (uint64_t)start - (uint64_t)v;
  return distance % (step > 0 ? (uint64_t)step : 0 - (uint64_t)step) == 0;
}
