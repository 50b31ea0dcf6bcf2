/*
 * indexing.c - subscripts: `t[1, :, None, ...]`, `t[mask]`, `t[0] = 5`, and
 * Python's subscripts of tuples, lists, torch.Size and strings.
 *
 * Tensor indexing follows PyTorch's two layers.  THPVariable_getitem first
 * takes the single-item fast paths (an int is `select`, a slice `slice`,
 * None `unsqueeze(0)`, `...` `alias`); anything else becomes a tuple of
 * items for applySlicing, which walks them left to right keeping a current
 * dimension: an int selects (the dimension goes away), a slice slices, None
 * unsqueezes, `...` skips the dimensions no other item names, and tensor
 * (or list, or bool) items are recorded at their dimension for advanced
 * indexing, done at the end by one `index.Tensor` (a copy).  When nothing
 * was recorded and nothing changed (`t[()]`), the result is an alias.
 *
 * Two details show in the trace and are kept: a slice in a multi-item index
 * (or in any assignment) that spans its whole dimension exactly
 * (`t[0:2, 0]` with size 2) is skipped, but `:` is always a `slice`, since its
 * stop is the largest integer; and a bool item unsqueezes, then indexes
 * with a one-element (True) or empty (False) int64 tensor.
 *
 * Assignment converts the value first (a number becomes a 0-dim tensor of
 * the target's dtype: `lift_fresh` in the trace), indexes the same way,
 * then writes: with `index_put_` when tensors were recorded, else with
 * copy_to: `copy_` when the shapes agree, `fill_` for a 0-dim value, else
 * the value viewed without its leading 1s, expanded when needed, `copy_`.
 *
 * Error messages are PyTorch's, including its dimension numbering: an
 * out-of-range int reports its position in the index, not the dimension it
 * lands on.  NB(minaten): on a 0-dim tensor PyTorch reads the size of a
 * dimension that does not exist (it finds 0); minaten reports 0 too.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_indexing.cpp
 * (THPVariable_getitem, THPVariable_setitem, applySlicing, valueToTensor,
 * treatSequenceAsTuple, count_specified_dimensions), aten/src/ATen/TensorIndexing.h
 * (applySelect, applySlice, handleDimInMultiDimIndexing, boolToIndexingTensor,
 * copy_to, get_item, set_item)
 */
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/utf8.h"

static Value* call(const char* op, IValue* args) { return call_op_boxed(op, args); }

/* ---- the basic steps (TensorIndexing.h) ------------------------------------------ */

static Value* unsqueeze(const Tensor* t, int64_t dim) {
  IValue args[2] = {IValue_borrowTensor(t), IValue_fromInt(dim)};
  return call("aten::unsqueeze", args);
}

/* PyTorch 1.13: TensorIndexing.h applySelect */
static Value* apply_select(const Tensor* self, int64_t dim, int64_t index, int64_t real_dim) {
  if (index == 0 && dim == 0 && self->dim == 0) {
    Error_set(ErrorType_IndexError,
              "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
              "convert a 0-dim tensor to a number");
    return NULL;
  }
  int64_t size = dim < self->dim ? self->sizes[dim] : 0;
  if (!(index >= -size && index < size)) {
    Error_set(ErrorType_IndexError, "index %lld is out of bounds for dimension %lld with size %lld",
              (long long)index, (long long)real_dim, (long long)size);
    return NULL;
  }
  IValue args[3] = {IValue_borrowTensor(self), IValue_fromInt(dim), IValue_fromInt(index)};
  return call("aten::select.int", args);
}

/* PyTorch 1.13: TensorIndexing.h applySlice */
static Value* apply_slice(Value* self, int64_t dim, const Value* slice, bool disable_slice_optimization) {
  Slice s;
  if (slice_unpack(slice, &s) < 0) return NULL;
  if (s.step <= 0) {
    Error_set(ErrorType_ValueError, "step must be greater than zero");
    return NULL;
  }
  const Tensor* t = self->u.tensor;
  if (!disable_slice_optimization && dim < t->dim && s.start == 0 && s.stop == t->sizes[dim] && s.step == 1)
    return Value_retain(self);
  IValue args[5] = {IValue_borrowTensor(t), IValue_fromInt(dim), IValue_fromInt(s.start), IValue_fromInt(s.stop),
                    IValue_fromInt(s.step)};
  return call("aten::slice.Tensor", args);
}

/* A bool index as an index tensor: [0] for True, [] for False.
 * PyTorch 1.13: TensorIndexing.h boolToIndexingTensorCPUOrCUDA */
static Value* bool_to_indexing_tensor(const Tensor* self, bool value) {
  int64_t size = value ? 1 : 0;
  IValue args[6] = {IValue_borrowIntList(IntArrayRef_make(&size, 1)), IValue_fromScalarType(ScalarType_Long),
                    IValue_none(), IValue_fromDevice(self->device), IValue_none(), IValue_none()};
  /* at::empty({1}, {}, options) is empty.names; NB(minaten): without it, empty.memory_format */
  bool names = Dispatcher_findSchema("aten::empty.names") != NULL;
  IValue nargs[7] = {args[0], IValue_none(), args[1], args[2], args[3], args[4], args[5]};
  Value* t = names ? call("aten::empty.names", nargs) : call("aten::empty.memory_format", args);
  if (t == NULL || !value) return t;
  IValue fargs[2] = {IValue_borrowTensor(t->u.tensor), IValue_fromDouble(0.0)};
  Value* filled = call("aten::fill_.Scalar", fargs);
  Value_release(t);
  return filled;
}

/* ---- applySlicing ------------------------------------------------------------------- */

/* Tensor indices recorded by dimension (recordTensorIndex); NULL: none. */
typedef struct TensorIndices {
  Value* at[MINATEN_MAX_DIM]; /* owned */
  int64_t count;              /* one past the last recorded dimension */
} TensorIndices;

static void TensorIndices_release(TensorIndices* ix) {
  for (int64_t i = 0; i < ix->count; i++) Value_release(ix->at[i]);
  ix->count = 0;
}

static int record(TensorIndices* ix, Value* tensor, int64_t* dim) {
  if (*dim >= MINATEN_MAX_DIM) {
    Value_release(tensor);
    Error_set(ErrorType_IndexError, "minaten: too many indices");
    return -1;
  }
  for (int64_t i = ix->count; i <= *dim; i++) ix->at[i] = NULL;
  ix->at[*dim] = tensor;
  ix->count = *dim + 1;
  (*dim)++;
  return 0;
}

static bool is_sequence(const Value* v) {
  return v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size || v->kind == Value_Str;
}

/* PyTorch 1.13: python_variable_indexing.cpp count_specified_dimensions */
static int64_t count_specified_dimensions(Value* const* items, int n) {
  int64_t count = 0;
  for (int i = 0; i < n; i++) {
    const Value* v = items[i];
    if (v->kind == Value_Tensor)
      count += v->u.tensor->dtype == ScalarType_Byte || v->u.tensor->dtype == ScalarType_Bool ? v->u.tensor->dim : 1;
    else if (v->kind != Value_None && v->kind != Value_Ellipsis && v->kind != Value_Bool)
      count++;
  }
  return count;
}

/* One tensor item.  PyTorch 1.13: TensorIndexing.h handleDimInMultiDimIndexing (tensor case) */
static Value* tensor_item_index(Value* result, Value* index, int64_t* dim, int64_t real_dim, TensorIndices* ix) {
  const Tensor* t = index->u.tensor;
  if (t->dim == 0 && ScalarType_isIntegral(t->dtype, true)) {
    if (t->dtype != ScalarType_Byte && t->dtype != ScalarType_Bool) {
      Value* item = tensor_item(t);
      if (item == NULL) return NULL;
      int64_t i = item->kind == Value_Int ? item->u.i : item->kind == Value_Bool ? item->u.b : 0;
      Value_release(item);
      return apply_select(result->u.tensor, *dim, i, real_dim);
    }
    Value* r = unsqueeze(result->u.tensor, *dim);
    if (r == NULL) return NULL;
    Value* item = tensor_item(t);
    if (item == NULL) {
      Value_release(r);
      return NULL;
    }
    bool b = Value_toDouble(item) != 0;
    Value_release(item);
    Value* bt = bool_to_indexing_tensor(r->u.tensor, b);
    if (bt == NULL || record(ix, bt, dim) < 0) {
      Value_release(r);
      return NULL;
    }
    return r;
  }
  if (record(ix, Value_retain(index), dim) < 0) return NULL;
  return Value_retain(result);
}

/* PyTorch 1.13: python_variable_indexing.cpp applySlicing */
static Value* apply_slicing(Value* self, Value* const* items, int n, TensorIndices* ix,
                            bool disable_slice_optimization) {
  const Tensor* t = self->u.tensor;
  int64_t specified = count_specified_dimensions(items, n);
  if (specified > t->dim) {
    Error_set(ErrorType_IndexError, "too many indices for tensor of dimension %d", (int)t->dim);
    return NULL;
  }
  Value* result = Value_retain(self);
  int64_t dim = 0;
  for (int i = 0; i < n && result != NULL; i++) {
    Value* item = items[i];
    Value* next = NULL;
    const Tensor* r = result->u.tensor;
    switch (item->kind) {
      case Value_Int: next = apply_select(r, dim, item->u.i, i); break;
      case Value_Slice:
        next = apply_slice(result, dim, item, disable_slice_optimization);
        dim++;
        break;
      case Value_Ellipsis:
        dim += t->dim - specified;
        next = Value_retain(result);
        break;
      case Value_None:
        next = unsqueeze(r, dim);
        dim++;
        break;
      case Value_Bool: {
        next = unsqueeze(r, dim);
        Value* bt = next ? bool_to_indexing_tensor(next->u.tensor, item->u.b) : NULL;
        if (bt == NULL || record(ix, bt, &dim) < 0) {
          Value_release(next);
          next = NULL;
        }
        break;
      }
      case Value_Tensor: next = tensor_item_index(result, item, &dim, i, ix); break;
      case Value_Tuple:
      case Value_List:
      case Value_Size:
      case Value_Str: {
        Value* tensor = indexing_tensor_from_data(item);
        if (tensor != NULL) next = tensor_item_index(result, tensor, &dim, i, ix);
        Value_release(tensor);
        break;
      }
      default:
        Error_set(ErrorType_IndexError,
                  "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
                  "indices (got %s)",
                  Value_typeName(item));
        break;
    }
    Value_release(result);
    result = next;
  }
  return result;
}

/* The items an index stands for: a tuple's items, a list's when NumPy's
 * heuristic treats it as a tuple, else the index alone (wrapTuple).
 * PyTorch 1.13: python_variable_indexing.cpp treatSequenceAsTuple */
static void index_items(Value** index, Value* const** items, int* n) {
  Value* v = *index;
  bool as_tuple = v->kind == Value_Tuple;
  if (v->kind == Value_List && v->u.seq.n < 32) {
    for (int i = 0; i < v->u.seq.n && !as_tuple; i++) {
      const Value* it = v->u.seq.items[i];
      as_tuple = it->kind == Value_Tensor || is_sequence(it) || it->kind == Value_Slice ||
                 it->kind == Value_Ellipsis || it->kind == Value_None;
    }
  }
  if (as_tuple) {
    *items = v->u.seq.items;
    *n = v->u.seq.n;
  } else {
    *items = index;
    *n = 1;
  }
}

/* index.Tensor(self, indices) with the recorded indices. */
static Value* dispatch_index(const Tensor* self, const TensorIndices* ix) {
  Tensor* list[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < ix->count; i++) list[i] = ix->at[i] ? ix->at[i]->u.tensor : NULL;
  TensorList l = {list, (size_t)ix->count};
  IValue args[2] = {IValue_borrowTensor(self), IValue_borrowTensorList(l)};
  return call("aten::index.Tensor", args);
}

/* obj[index] of a tensor obj.  PyTorch 1.13: python_variable_indexing.cpp THPVariable_getitem */
Value* tensor_getitem(Value* obj, Value* index) {
  const Tensor* self = obj->u.tensor;
  switch (index->kind) { /* the single-item fast paths (get_item) */
    case Value_None: return unsqueeze(self, 0);
    case Value_Ellipsis: {
      IValue args[1] = {IValue_borrowTensor(self)};
      return call("aten::alias", args);
    }
    case Value_Int: return apply_select(self, 0, index->u.i, 0);
    case Value_Slice: return apply_slice(obj, 0, index, true);
    case Value_Bool: {
      Value* r = unsqueeze(self, 0);
      TensorIndices ix = {{NULL}, 0};
      int64_t dim = 0;
      Value* bt = r ? bool_to_indexing_tensor(r->u.tensor, index->u.b) : NULL;
      Value* out = bt && record(&ix, bt, &dim) == 0 ? dispatch_index(r->u.tensor, &ix) : NULL;
      TensorIndices_release(&ix);
      Value_release(r);
      return out;
    }
    default: break;
  }
  Value* const* items;
  int n;
  index_items(&index, &items, &n);
  TensorIndices ix = {{NULL}, 0};
  Value* sliced = apply_slicing(obj, items, n, &ix, false);
  Value* r = sliced;
  if (sliced != NULL && ix.count == 0 && sliced->u.tensor == self) {
    /* ensure a shallow copy for things like x[()] */
    IValue args[1] = {IValue_borrowTensor(self)};
    r = call("aten::alias", args);
    Value_release(sliced);
  } else if (sliced != NULL && ix.count > 0) {
    r = dispatch_index(sliced->u.tensor, &ix);
    Value_release(sliced);
  }
  TensorIndices_release(&ix);
  return r;
}

/* ---- assignment ---------------------------------------------------------------- */

/* The value of an assignment as a tensor.  PyTorch 1.13:
 * python_variable_indexing.cpp valueToTensor + TensorIndexing.h scalarToTensor */
static Value* value_to_tensor(const Tensor* self, Value* value) {
  if (value->kind == Value_Tensor) return Value_retain(value);
  /* quantized targets take a float value */
  ScalarType dtype = ScalarType_isQuantized(self->dtype) ? ScalarType_Float : self->dtype;
  if (!Value_isNumber(value)) {
    static const char* const names[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Bool"};
    Error_set(ErrorType_TypeError, "can't assign a %s to a torch.%sTensor", Value_typeName(value),
              dtype <= ScalarType_Bool ? names[dtype] : ScalarType_name(dtype));
    return NULL;
  }
  /* ints and bools are Scalar(long), floats Scalar(double) */
  Scalar sc = value->kind == Value_Float ? Scalar_fromDouble(value->u.f)
                                         : Scalar_fromLong(value->kind == Value_Bool ? value->u.b : value->u.i);
  Storage* s = Storage_new(ScalarType_elementSize(dtype));
  if (s == NULL) return NULL;
  Tensor* t = Tensor_new(s, 0, IntArrayRef_make(NULL, 0), IntArrayRef_make(NULL, 0), dtype, Device_cpu(),
                         DispatchKey_CPU);
  Storage_release(s);
  if (t == NULL) return NULL;
  if (store_scalar_checked(dtype, Tensor_data(t), sc) < 0) {
    Tensor_release(t);
    return NULL;
  }
  IValue args[1] = {IValue_borrowTensor(t)};
  Value* lifted = call("aten::lift_fresh", args);
  Tensor_release(t);
  return lifted;
}

/* Sizes without their leading 1s.  PyTorch 1.13: TensorIndexing.h slicePrefix1sSize */
static IntArrayRef slice_prefix_1s(const Tensor* t) {
  int64_t first = 0;
  while (first < t->dim && t->sizes[first] == 1) first++;
  return IntArrayRef_make(t->sizes + first, (size_t)(t->dim - first));
}

static bool same_sizes(IntArrayRef a, IntArrayRef b) {
  return a.size == b.size && (a.size == 0 || memcmp(a.data, b.data, a.size * sizeof(int64_t)) == 0);
}

/* PyTorch 1.13: TensorIndexing.h copy_to */
static int copy_to(const Tensor* dst, const Tensor* src) {
  Value* r = NULL;
  if (same_sizes(Tensor_sizes(dst), Tensor_sizes(src))) {
    IValue args[3] = {IValue_borrowTensor(dst), IValue_borrowTensor(src), IValue_fromBool(false)};
    r = call("aten::copy_", args);
  } else if (src->dim == 0 && src->device.type == DeviceType_CPU) {
    IValue args[2] = {IValue_borrowTensor(dst), IValue_borrowTensor(src)};
    r = call("aten::fill_.Tensor", args);
  } else {
    IValue vargs[2] = {IValue_borrowTensor(src), IValue_borrowIntList(slice_prefix_1s(src))};
    Value* view = call("aten::view", vargs);
    if (view == NULL) return -1;
    Value* expanded = Value_retain(view);
    if (!same_sizes(Tensor_sizes(dst), Tensor_sizes(view->u.tensor))) { /* expand_inplace */
      Value_release(expanded);
      IValue eargs[3] = {IValue_borrowTensor(view->u.tensor), IValue_borrowIntList(Tensor_sizes(dst)),
                         IValue_fromBool(false)};
      expanded = call("aten::expand", eargs);
    }
    Value_release(view);
    if (expanded == NULL) return -1;
    IValue args[3] = {IValue_borrowTensor(dst), IValue_borrowTensor(expanded->u.tensor), IValue_fromBool(false)};
    r = call("aten::copy_", args);
    Value_release(expanded);
  }
  if (r == NULL) return -1;
  Value_release(r);
  return 0;
}

/* copy_to(dst, value) taking dst's reference; NULL dst means an error. */
static int write_view(Value* dst, const Tensor* value) {
  if (dst == NULL) return -1;
  int rc = copy_to(dst->u.tensor, value);
  Value_release(dst);
  return rc;
}

/* index_put_(sliced, indices, value viewed without leading 1s, accumulate=False) */
static int dispatch_index_put(const Tensor* sliced, const TensorIndices* ix, const Tensor* value) {
  Value* values = NULL;
  IntArrayRef sizes = slice_prefix_1s(value);
  if (sizes.size != (size_t)value->dim) {
    IValue vargs[2] = {IValue_borrowTensor(value), IValue_borrowIntList(sizes)};
    if ((values = call("aten::view", vargs)) == NULL) return -1;
  }
  Tensor* list[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < ix->count; i++) list[i] = ix->at[i] ? ix->at[i]->u.tensor : NULL;
  TensorList l = {list, (size_t)ix->count};
  IValue args[4] = {IValue_borrowTensor(sliced), IValue_borrowTensorList(l),
                    IValue_borrowTensor(values ? values->u.tensor : value), IValue_fromBool(false)};
  Value* r = call("aten::index_put_", args);
  Value_release(values);
  Value_release(r);
  return r ? 0 : -1;
}

/* obj[index] = value of a tensor obj.  PyTorch 1.13: python_variable_indexing.cpp THPVariable_setitem */
int tensor_setitem(Value* obj, Value* index, Value* value) {
  const Tensor* self = obj->u.tensor;
  Value* src = value_to_tensor(self, value);
  if (src == NULL) return -1;
  const Tensor* v = src->u.tensor;
  int rc;
  switch (index->kind) { /* set_item's single-item paths */
    case Value_Bool:
      rc = index->u.b ? write_view(unsqueeze(self, 0), v) : 0;
      break;
    case Value_Ellipsis: rc = copy_to(self, v); break;
    case Value_None: rc = write_view(unsqueeze(self, 0), v); break;
    case Value_Int: rc = write_view(apply_select(self, 0, index->u.i, 0), v); break;
    case Value_Slice: rc = write_view(apply_slice(obj, 0, index, false), v); break;
    default: {
      Value* const* items;
      int n;
      index_items(&index, &items, &n);
      TensorIndices ix = {{NULL}, 0};
      Value* sliced = apply_slicing(obj, items, n, &ix, false);
      if (sliced == NULL) rc = -1;
      else if (ix.count == 0) rc = copy_to(sliced->u.tensor, v);
      else rc = dispatch_index_put(sliced->u.tensor, &ix, v);
      Value_release(sliced);
      TensorIndices_release(&ix);
      break;
    }
  }
  Value_release(src);
  return rc;
}
