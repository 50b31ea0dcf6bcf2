/*
 * indexing.c - subscripts: `t[1, :, None, ...]` and `t[0] = 5`.
 *
 * Basic indexing makes views, one operator per index item, as PyTorch's
 * applySlicing does: an integer is `select` (the dimension goes away), a slice
 * is `slice` (even `:`), None is `unsqueeze`, `...` skips the dimensions no
 * other item names.  Assignment indexes the same way and then writes into the
 * view with copy_to: `copy_` when the shapes agree, `fill_` for a 0-dim
 * value, else the value is viewed without leading 1s, expanded and copied.
 * A Python number is first made a 0-dim tensor of the target's dtype (which
 * the trace shows as `lift_fresh`).
 *
 * Tensor indices (advanced indexing) are recorded at the dimension they
 * stand for while the basic items are applied; the view is then indexed with
 * `index.Tensor` (a copy), or written with `index_put_`.  NB(minaten): Python
 * lists as indices are not supported yet.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_indexing.cpp,
 * aten/src/ATen/TensorIndexing.h (applySlicing, applySelect, copy_to)
 */
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "ops/Copy.h"
#include "runtime/Exception.h"
#include "tools/minaten/interp.h"

static Value* call1(const char* op, IValue* args) { return call_op_boxed(op, args); }

static int slice_part(const Value* v, OptionalInt* out, const char* what) {
  (void)what;
  if (v == NULL || v->kind == Value_None) {
    out->has_value = false;
    return 0;
  }
  if (v->kind != Value_Int) {
    Error_set(ErrorType_TypeError, "slice indices must be integers or None or have an __index__ method");
    return -1;
  }
  out->has_value = true;
  out->value = v->u.i;
  return 0;
}

/* Tensor indices recorded by apply_slicing, by dimension (NULL: none). */
typedef struct TensorIndices {
  Tensor* at[MINATEN_MAX_DIM]; /* borrowed from the index values */
  int64_t count;               /* one past the last recorded dimension */
} TensorIndices;

/* PyTorch 1.13: python_variable_indexing.cpp applySlicing */
static Value* apply_slicing(Value* self, Value** items, int n, TensorIndices* adv) {
  const Tensor* t = self->u.tensor;
  int64_t specified = 0;
  int ellipses = 0;
  for (int i = 0; i < n; i++) {
    ValueKind k = items[i]->kind;
    if (k == Value_Int || k == Value_Slice || k == Value_Tensor) specified++;
    else if (k == Value_Ellipsis) ellipses++;
    else if (k == Value_None) continue;
    else if (k == Value_Bool || k == Value_List) {
      Error_set(ErrorType_NotImplementedError, "minaten: Python lists and bools as indices are not supported yet");
      return NULL;
    } else if (k == Value_Str) {
      Error_set(ErrorType_TypeError, "new(): invalid data type 'str'");
      return NULL;
    } else {
      Error_set(ErrorType_IndexError,
                "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                "valid indices (got %s)",
                Value_typeName(items[i]));
      return NULL;
    }
  }
  if (ellipses > 1) {
    Error_set(ErrorType_IndexError, "an index can only have a single ellipsis ('...')");
    return NULL;
  }
  if (specified > t->dim) {
    Error_set(ErrorType_IndexError, "too many indices for tensor of dimension %lld", (long long)t->dim);
    return NULL;
  }
  Value* result = Value_retain(self);
  int64_t dim = 0;
  memset(adv, 0, sizeof *adv);
  for (int i = 0; i < n && result != NULL; i++) {
    const Tensor* r = result->u.tensor;
    Value* next = NULL;
    Value* item = items[i];
    if (item->kind == Value_Int) {
      int64_t size = r->sizes[dim];
      if (item->u.i < -size || item->u.i >= size) {
        Error_set(ErrorType_IndexError, "index %lld is out of bounds for dimension %lld with size %lld",
                  (long long)item->u.i, (long long)dim, (long long)size);
      } else {
        IValue args[3] = {IValue_borrowTensor(r), IValue_fromInt(dim), IValue_fromInt(item->u.i)};
        next = call1("aten::select.int", args);
      }
    } else if (item->kind == Value_Slice) {
      OptionalInt start, stop, step;
      Value** s = item->u.seq.items;
      if (slice_part(s[0], &start, "start") == 0 && slice_part(s[1], &stop, "stop") == 0 &&
          slice_part(s[2], &step, "step") == 0) {
        if (step.has_value && step.value <= 0) {
          Error_set(ErrorType_ValueError, "step must be greater than zero");
        } else {
          IValue args[5] = {IValue_borrowTensor(r), IValue_fromInt(dim),
                            IValue_fromInt(start.has_value ? start.value : 0),
                            IValue_fromInt(stop.has_value ? stop.value : INT64_MAX),
                            IValue_fromInt(step.has_value ? step.value : 1)};
          next = call1("aten::slice.Tensor", args);
          dim++;
        }
      }
    } else if (item->kind == Value_Tensor) {
      /* recordTensorIndex: applied after the basic items */
      adv->at[dim] = item->u.tensor;
      adv->count = dim + 1;
      dim++;
      next = Value_retain(result);
    } else if (item->kind == Value_None) {
      IValue args[2] = {IValue_borrowTensor(r), IValue_fromInt(dim)};
      next = call1("aten::unsqueeze", args);
      dim++;
    } else { /* Ellipsis */
      dim += t->dim - specified;
      next = Value_retain(result);
    }
    Value_release(result);
    result = next;
  }
  return result;
}

Value* index_get(Value* obj, Value** items, int n) {
  if (obj->kind == Value_Tuple || obj->kind == Value_List || obj->kind == Value_Size) {
    if (n != 1 || items[0]->kind != Value_Int) {
      Error_set(ErrorType_TypeError, "%s indices must be integers", Value_typeName(obj));
      return NULL;
    }
    int64_t i = items[0]->u.i, len = obj->u.seq.n;
    if (i < -len || i >= len) {
      Error_set(ErrorType_IndexError, "%s index out of range", obj->kind == Value_List ? "list" : "tuple");
      return NULL;
    }
    return Value_retain(obj->u.seq.items[i < 0 ? i + len : i]);
  }
  if (obj->kind != Value_Tensor) {
    Error_set(ErrorType_TypeError, "'%s' object is not subscriptable", Value_typeName(obj));
    return NULL;
  }
  if (n == 1 && items[0]->kind == Value_Int && obj->u.tensor->dim == 0) {
    Error_set(ErrorType_IndexError,
              "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
              "in C++ to convert a 0-dim tensor to a number");
    return NULL;
  }
  if (n == 1 && items[0]->kind == Value_Ellipsis) {
    IValue args[1] = {IValue_borrowTensor(obj->u.tensor)};
    return call1("aten::alias", args);
  }
  TensorIndices adv;
  Value* sliced = apply_slicing(obj, items, n, &adv);
  if (sliced == NULL || adv.count == 0) return sliced;
  TensorList list = {adv.at, (size_t)adv.count};
  IValue args[2] = {IValue_borrowTensor(sliced->u.tensor), IValue_borrowTensorList(list)};
  Value* r = call1("aten::index.Tensor", args);
  Value_release(sliced);
  return r;
}

/* A Python number as a 0-dim tensor of `like`'s dtype, lifted.
 * PyTorch 1.13: python_variable_indexing.cpp valueToTensor */
static Value* value_to_tensor(const Tensor* like, Value* value) {
  if (value->kind == Value_Tensor) return Value_retain(value);
  if (!Value_isNumber(value)) {
    Error_set(ErrorType_TypeError, "can't assign a %s to a %s", Value_typeName(value), "Tensor");
    return NULL;
  }
  Storage* s = Storage_new(Tensor_itemsize(like));
  if (s == NULL) return NULL;
  Tensor* t = Tensor_new(s, 0, IntArrayRef_make(NULL, 0), IntArrayRef_make(NULL, 0), like->dtype,
                         Device_cpu(), DispatchKey_CPU);
  Storage_release(s);
  if (t == NULL) return NULL;
  Scalar sc = value->kind == Value_Float ? Scalar_fromDouble(value->u.f)
              : value->kind == Value_Bool ? Scalar_fromBool(value->u.b)
                                          : Scalar_fromLong(value->u.i);
  store_scalar(t->dtype, Tensor_data(t), sc);
  IValue args[1] = {IValue_borrowTensor(t)};
  Value* lifted = call1("aten::lift_fresh", args);
  Tensor_release(t);
  return lifted;
}

/* PyTorch 1.13: aten/src/ATen/TensorIndexing.h copy_to */
static int copy_to(const Tensor* dst, const Tensor* src) {
  Value* r = NULL;
  bool same = dst->dim == src->dim && memcmp(dst->sizes, src->sizes, (size_t)dst->dim * sizeof(int64_t)) == 0;
  if (same) {
    IValue args[3] = {IValue_borrowTensor(dst), IValue_borrowTensor(src), IValue_fromBool(false)};
    r = call1("aten::copy_", args);
  } else if (src->dim == 0) {
    IValue args[2] = {IValue_borrowTensor(dst), IValue_borrowTensor(src)};
    r = call1("aten::fill_.Tensor", args);
  } else {
    /* Drop src's leading size-1 dimensions, expand to dst, copy. */
    int64_t first = 0;
    while (first < src->dim && src->sizes[first] == 1) first++;
    IValue vargs[2] = {IValue_borrowTensor(src),
                       IValue_borrowIntList(IntArrayRef_make(src->sizes + first, (size_t)(src->dim - first)))};
    Value* view = call1("aten::view", vargs);
    if (view == NULL) return -1;
    IValue eargs[3] = {IValue_borrowTensor(view->u.tensor), IValue_borrowIntList(Tensor_sizes(dst)),
                       IValue_fromBool(false)};
    Value* expanded = call1("aten::expand", eargs);
    Value_release(view);
    if (expanded == NULL) return -1;
    IValue args[3] = {IValue_borrowTensor(dst), IValue_borrowTensor(expanded->u.tensor), IValue_fromBool(false)};
    r = call1("aten::copy_", args);
    Value_release(expanded);
  }
  if (r == NULL) return -1;
  Value_release(r);
  return 0;
}

int index_set(Value* obj, Value** items, int n, Value* value) {
  if (obj->kind != Value_Tensor) {
    Error_set(ErrorType_TypeError, "'%s' object does not support item assignment", Value_typeName(obj));
    return -1;
  }
  Value* src = value_to_tensor(obj->u.tensor, value);
  if (src == NULL) return -1;
  TensorIndices adv = {{NULL}, 0};
  Value* dst = (n == 1 && items[0]->kind == Value_Ellipsis) ? Value_retain(obj) : apply_slicing(obj, items, n, &adv);
  int rc = -1;
  if (dst != NULL && adv.count > 0) {
    TensorList list = {adv.at, (size_t)adv.count};
    IValue args[4] = {IValue_borrowTensor(dst->u.tensor), IValue_borrowTensorList(list),
                      IValue_borrowTensor(src->u.tensor), IValue_fromBool(false)};
    Value* r = call1("aten::index_put_", args);
    rc = r ? 0 : -1;
    Value_release(r);
  } else if (dst != NULL) {
    rc = copy_to(dst->u.tensor, src->u.tensor);
  }
  Value_release(dst);
  Value_release(src);
  return rc;
}
