/*
 * python_variable_indexing.c - t[index] and t[index] = value.
 *
 * Indexing follows 1.13's two layers.  THPVariable_getitem first takes the
 * single-item fast paths (at::indexing::get_item): None is `unsqueeze(0)`,
 * `...` an `alias`, an int (or anything 1.13's THPUtils_checkLong takes: a
 * NumPy integer) a `select`, a slice a `slice` (always dispatched, even
 * `t[:]`), a bool `unsqueeze(0)` then `index` with a one-element (True) or
 * empty (False) int64 tensor.  Anything else becomes a tuple of items (a
 * tuple as it is; a short list holding a tensor, a sequence, a slice, `...`
 * or None is taken as a tuple too, NumPy's heuristic; any other object is
 * one item) for applySlicing, which walks them left to right keeping a
 * current dimension:
 *
 *   int        select (the dimension goes away); an out-of-range int reports
 *              its position in the index, not the dimension it lands on
 *   slice      slice (skipped when it spans its whole dimension exactly and
 *              the index has more than one item: `t[0:3, 0]` with size 3;
 *              `:` always slices, its stop being the largest integer)
 *   None       unsqueeze
 *   ...        skips the dimensions no other item names
 *   bool       unsqueeze, and records an index tensor as above
 *   tensor     a 0-dim integer tensor is read (`_local_scalar_dense`) and
 *              selects; a 0-dim bool/uint8 tensor acts as a bool; any other
 *              tensor is recorded at its dimension
 *   sequence   becomes an int64 (or bool) tensor (tensor_new.c
 *              indexing_tensor_from_data: `lift_fresh` in the trace) and is
 *              handled as a tensor
 *
 * Tensors recorded are applied at the end by one `index.Tensor` (a copy).
 * When nothing was recorded and nothing changed (`t[()]`), the result is an
 * `alias`.
 *
 * Assignment converts the value first: a tensor as it is, a Python number
 * (or NumPy integer) into a 0-dim tensor of the target's dtype, made
 * directly and lifted (`lift_fresh` in the trace; on the lazy device
 * `scalar_tensor`); a quantized target takes a float value.  Then it
 * indexes the same way and writes: with `index_put_` when tensors were
 * recorded (the value viewed without its leading 1s), else copy_to:
 * `copy_` when the shapes agree, `fill_` for a 0-dim CPU value, else the
 * value viewed without its leading 1s, expanded when needed, then `copy_`.
 * `t[False] = v` does nothing.
 *
 * Error messages are 1.13's.  NB(minaten): on a 0-dim tensor 1.13 reads
 * the size of a dimension that does not exist (it finds 0: "index 1 is out
 * of bounds for dimension 0 with size 0"); minaten reports 0 too.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_indexing.cpp
 * (THPVariable_length, THPVariable_getitem, THPVariable_setitem, applySlicing,
 * valueToTensor, treatSequenceAsTuple, wrapTuple, count_specified_dimensions,
 * invalid_index, sequenceToVariable), aten/src/ATen/TensorIndexing.h
 * (get_item, set_item, applySelect, applySlice, handleDimInMultiDimIndexing,
 * boolToIndexingTensor, recordTensorIndex, dispatch_index, dispatch_index_put_,
 * copy_to, slicePrefix1sSize, scalarToTensor)
 */
#include "csrc/autograd/python_variable_indexing.h"

#include <string.h>

#include "Functions.h"
#include "csrc/utils/handle_torch_function.h"
#include "autograd/VariableTypeUtils.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_numbers.h"
#include "csrc/utils/tensor_new.h"
#include "csrc/utils/tensor_numpy.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* 1.13's THPUtils_checkLong: ints (not bools) and NumPy's integers. */
static bool check_long(PyObject* obj) { return THPUtils_checkLong(obj) || is_numpy_int(obj); }

/* -1, with minaten's error raised as a Python exception. */
static int fail_from_error(void) {
  THPException_fromError();
  return -1;
}

/* t, or NULL with minaten's error raised as a Python exception. */
static Tensor* checked(Tensor* t) {
  if (t == NULL) THPException_fromError();
  return t;
}

/* ---- the basic steps (TensorIndexing.h) ------------------------------------ */

static Tensor* unsqueeze(const Tensor* t, int64_t dim) { return checked(at_unsqueeze(t, dim)); }

/* PyTorch 1.13: TensorIndexing.h applySelect */
static Tensor* applySelect(const Tensor* self, int64_t dim, int64_t index, int64_t real_dim) {
  if (index == 0 && dim == 0 && self->dim == 0) {
    PyErr_SetString(PyExc_IndexError,
                    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
                    "convert a 0-dim tensor to a number");
    return NULL;
  }
  int64_t size = dim < self->dim ? self->sizes[dim] : 0;
  if (!(index >= -size && index < size)) {
    PyErr_Format(PyExc_IndexError, "index %lld is out of bounds for dimension %lld with size %lld", (long long)index,
                 (long long)real_dim, (long long)size);
    return NULL;
  }
  /* if the index is negative, do not normalize it: aten::select also works
   * on negative indices */
  return checked(at_select_int(self, dim, index));
}

/* A slice's start, stop and step (None filled in, clamped to Py_ssize_t).
 * PyTorch 1.13: torch/csrc/utils/python_compat.h __PySlice_Unpack */
typedef struct Slice {
  Py_ssize_t start, stop, step;
} Slice;

static int unpack_slice(PyObject* obj, Slice* s) { return PySlice_Unpack(obj, &s->start, &s->stop, &s->step); }

/* PyTorch 1.13: TensorIndexing.h applySlice (self, retained, when the
 * slice spans the dimension and the optimization is allowed) */
static Tensor* applySlice(const Tensor* self, int64_t dim, Slice s, bool disable_slice_optimization) {
  if (s.step <= 0) {
    PyErr_SetString(PyExc_ValueError, "step must be greater than zero");
    return NULL;
  }
  int64_t length = dim < self->dim ? self->sizes[dim] : 0;
  if (!disable_slice_optimization && s.start == 0 && length == s.stop && s.step == 1) return Tensor_retain(self);
  return checked(at_slice_Tensor(self, dim, (OptionalInt){true, s.start}, (OptionalInt){true, s.stop}, s.step));
}

/* A bool index as an index tensor: [0] for True, [] for False, int64, on
 * self's device.  NB(minaten): 1.13 uses at::zeros for True on devices other
 * than the CPU and CUDA; minaten makes it with empty + fill_ everywhere.
 * PyTorch 1.13: TensorIndexing.h boolToIndexingTensor, boolToIndexingTensorCPUOrCUDA */
static Tensor* boolToIndexingTensor(const Tensor* self, bool value) {
  int64_t size = value ? 1 : 0;
  Tensor* t = checked(at_empty_names(IntArrayRef_make(&size, 1), (OptionalDimnameList){false},
                                     (OptionalScalarType){true, ScalarType_Long}, kNoLayout,
                                     (OptionalDevice){true, self->device}, kNoPinMemory, kNoMemoryFormat));
  if (t == NULL || !value) return t;
  Tensor* filled = checked(at_fill__Scalar(t, Scalar_fromDouble(0.0)));
  Tensor_release(t);
  return filled;
}

/* ---- recorded tensor indices --------------------------------------------------- */

/* The tensors advanced indexing applies, by dimension (NULL: none there). */
typedef struct TensorIndices {
  Tensor* at[MINATEN_MAX_DIM]; /* owned */
  int64_t count;               /* one past the last recorded dimension */
} TensorIndices;

static void TensorIndices_release(TensorIndices* ix) {
  for (int64_t i = 0; i < ix->count; i++) Tensor_release(ix->at[i]);
  ix->count = 0;
}

/* Takes `tensor`.  PyTorch 1.13: TensorIndexing.h recordTensorIndex */
static int recordTensorIndex(TensorIndices* ix, Tensor* tensor, int64_t* dim) {
  if (*dim >= MINATEN_MAX_DIM) {
    Tensor_release(tensor);
    PyErr_Format(PyExc_IndexError, "minaten: too many indices (tensors have at most %d dimensions)",
                 MINATEN_MAX_DIM);
    return -1;
  }
  for (int64_t i = ix->count; i <= *dim; i++) ix->at[i] = NULL;
  Tensor_release(ix->at[*dim]);
  ix->at[*dim] = tensor;
  if (ix->count < *dim + 1) ix->count = *dim + 1;
  (*dim)++;
  return 0;
}

static TensorList TensorIndices_list(const TensorIndices* ix) {
  return (TensorList){ix->at, (size_t)ix->count};
}

/* PyTorch 1.13: TensorIndexing.h dispatch_index */
static Tensor* dispatch_index(const Tensor* self, const TensorIndices* ix) {
  return checked(at_index_Tensor(self, TensorIndices_list(ix)));
}

/* ---- one item of a multi-item index ------------------------------------------- */

typedef enum TensorIndexType {
  TensorIndex_None,
  TensorIndex_Ellipsis,
  TensorIndex_Integer,
  TensorIndex_Boolean,
  TensorIndex_Slice,
  TensorIndex_Tensor,
} TensorIndexType;

/* PyTorch 1.13: aten/src/ATen/TensorIndexing.h TensorIndex */
typedef struct TensorIndex {
  TensorIndexType type;
  int64_t integer;
  bool boolean;
  Slice slice;
  Tensor* tensor; /* owned */
} TensorIndex;

/* The value of a 0-dim tensor: tensor.item<int64_t>() (`_local_scalar_dense`
 * in the trace).  0, or -1 with an exception. */
static int item(const Tensor* t, Scalar* out) {
  *out = at__local_scalar_dense(t);
  if (Error_occurred()) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* PyTorch 1.13: TensorIndexing.h handleDimInMultiDimIndexing.  Returns the
 * next result (a new reference), or NULL. */
static Tensor* handleDimInMultiDimIndexing(const Tensor* prev, const Tensor* original, TensorIndex* index,
                                           int64_t* dim, int64_t specified_dims, int64_t real_dim, TensorIndices* ix,
                                           bool disable_slice_optimization) {
  Tensor* result;
  switch (index->type) {
    case TensorIndex_Integer: return applySelect(prev, *dim, index->integer, real_dim);
    case TensorIndex_Slice:
      result = applySlice(prev, *dim, index->slice, disable_slice_optimization);
      (*dim)++;
      return result;
    case TensorIndex_Ellipsis:
      *dim += original->dim - specified_dims;
      return Tensor_retain(prev);
    case TensorIndex_None:
      result = unsqueeze(prev, *dim);
      (*dim)++;
      return result;
    case TensorIndex_Boolean: {
      if ((result = unsqueeze(prev, *dim)) == NULL) return NULL;
      Tensor* b = boolToIndexingTensor(result, index->boolean);
      if (b == NULL || recordTensorIndex(ix, b, dim) < 0) {
        Tensor_release(result);
        return NULL;
      }
      return result;
    }
    case TensorIndex_Tensor: {
      const Tensor* tensor = index->tensor;
      ScalarType st = tensor->dtype;
      if (tensor->dim == 0 && ScalarType_isIntegral(st, true)) {
        Scalar v;
        if (st != ScalarType_Byte && st != ScalarType_Bool) {
          if (item(tensor, &v) < 0) return NULL;
          return applySelect(prev, *dim, Scalar_toLong(v), real_dim);
        }
        if ((result = unsqueeze(prev, *dim)) == NULL) return NULL;
        Tensor* b = NULL;
        if (item(tensor, &v) == 0) b = boolToIndexingTensor(result, Scalar_toLong(v) != 0);
        if (b == NULL || recordTensorIndex(ix, b, dim) < 0) {
          Tensor_release(result);
          return NULL;
        }
        return result;
      }
      if (recordTensorIndex(ix, Tensor_retain(tensor), dim) < 0) return NULL;
      return Tensor_retain(prev);
    }
  }
  return NULL;
}

/* PyTorch 1.13: python_variable_indexing.cpp invalid_index */
static void invalid_index(PyObject* obj) {
  PyErr_Format(PyExc_IndexError,
               "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got "
               "%s)",
               Py_TYPE(obj)->tp_name);
}

/* An item of the index tuple as a TensorIndex: 0, or -1 with an exception.
 * PyTorch 1.13: python_variable_indexing.cpp applySlicing (its lambda) */
static int to_tensor_index(const Tensor* self, PyObject* obj, TensorIndex* out) {
  out->tensor = NULL;
  if (check_long(obj)) {
    out->type = TensorIndex_Integer;
    return THPUtils_unpackLong(obj, &out->integer);
  }
  if (PySlice_Check(obj)) {
    out->type = TensorIndex_Slice;
    return unpack_slice(obj, &out->slice);
  }
  if (obj == Py_Ellipsis) {
    out->type = TensorIndex_Ellipsis;
    return 0;
  }
  if (obj == Py_None) {
    out->type = TensorIndex_None;
    return 0;
  }
  if (PyBool_Check(obj)) {
    out->type = TensorIndex_Boolean;
    out->boolean = obj == Py_True;
    return 0;
  }
  if (THPVariable_Check(obj)) {
    out->type = TensorIndex_Tensor;
    out->tensor = Tensor_retain(THPVariable_Unpack(obj));
    return 0;
  }
  if (PySequence_Check(obj)) { /* PyTorch 1.13: sequenceToVariable */
    out->type = TensorIndex_Tensor;
    out->tensor = indexing_tensor_from_data(self->device, obj);
    return out->tensor == NULL ? -1 : 0;
  }
  PyObject* idx = PyNumber_Index(obj);
  if (idx == NULL) {
    PyErr_Clear();
    invalid_index(obj);
    return -1;
  }
  out->type = TensorIndex_Integer;
  int r = THPUtils_unpackLong(idx, &out->integer);
  Py_DECREF(idx);
  return r;
}

/* Whether an element of the wrapped index that is not a plain tensor
 * overrides the call (__torch_function__, or a TorchFunctionMode):
 * count_specified_dimensions's -1 in 1.13, checked before slicing.
 * PyTorch 1.13: python_variable_indexing.cpp count_specified_dimensions */
static bool index_has_torch_function(PyObject* holder) {
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(holder); i++) {
    PyObject* obj = PyTuple_GET_ITEM(holder, i);
    if (!THPVariable_CheckTypeExact(Py_TYPE(obj)) && check_has_torch_function(obj, false)) return true;
  }
  return false;
}

/* PyTorch 1.13: python_variable_indexing.cpp count_specified_dimensions */
static int64_t count_specified_dimensions(PyObject* index) {
  int64_t count = 0;
  Py_ssize_t size = PyTuple_GET_SIZE(index);
  for (Py_ssize_t i = 0; i < size; i++) {
    PyObject* obj = PyTuple_GET_ITEM(index, i);
    if (THPVariable_Check(obj)) {
      const Tensor* var = THPVariable_Unpack(obj);
      count += var->dtype == ScalarType_Byte || var->dtype == ScalarType_Bool ? var->dim : 1;
    } else if (obj != Py_None && obj != Py_Ellipsis && obj != Py_True && obj != Py_False) {
      count++;
    }
  }
  return count;
}

/* PyTorch 1.13: python_variable_indexing.cpp applySlicing.  Returns the
 * sliced tensor (a new reference; self itself when nothing changed), or NULL. */
static Tensor* applySlicing(const Tensor* self, PyObject* index, TensorIndices* ix, bool disable_slice_optimization) {
  Py_ssize_t size = PyTuple_GET_SIZE(index);
  int64_t dim = 0;
  int64_t specified_dims = count_specified_dimensions(index);
  if (specified_dims > self->dim) {
    PyErr_Format(PyExc_IndexError, "too many indices for tensor of dimension %d", (int)self->dim);
    return NULL;
  }
  Tensor* result = Tensor_retain(self);
  for (Py_ssize_t i = 0; i < size && result != NULL; i++) {
    TensorIndex item;
    Tensor* next = NULL;
    if (to_tensor_index(self, PyTuple_GET_ITEM(index, i), &item) == 0) {
      next = handleDimInMultiDimIndexing(result, self, &item, &dim, specified_dims, i, ix, disable_slice_optimization);
    }
    Tensor_release(item.tensor);
    Tensor_release(result);
    result = next;
  }
  return result;
}

/* PyTorch 1.13: python_variable_indexing.cpp treatSequenceAsTuple */
static bool treatSequenceAsTuple(PyObject* index) {
  if (PyTuple_Check(index)) return true;
  if (THPVariable_Check(index)) return false;
  if (!PySequence_Check(index)) return false;
  /* NumPy's heuristic: a short sequence holding a tensor, a sequence, a
   * slice, `...` or None is a tuple of indices; anything else is one index */
  Py_ssize_t n = PySequence_Size(index);
  if (n < 0) {
    PyErr_Clear();
    return false;
  }
  if (n >= 32) return false;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* obj = PySequence_GetItem(index, i);
    if (obj == NULL) {
      PyErr_Clear();
      return false;
    }
    bool as_tuple = THPVariable_Check(obj) || PySequence_Check(obj) || PySlice_Check(obj) || obj == Py_Ellipsis ||
                    obj == Py_None;
    Py_DECREF(obj);
    if (as_tuple) return true;
  }
  return false;
}

/* PyTorch 1.13: python_variable_indexing.cpp wrapTuple */
static PyObject* wrapTuple(PyObject* index) {
  return treatSequenceAsTuple(index) ? PySequence_Tuple(index) : PyTuple_Pack(1, index);
}

/* ---- t[index] ---------------------------------------------------------------------- */

Py_ssize_t THPVariable_length(PyObject* self) {
  const Tensor* t = THPVariable_Unpack(self);
  return t->dim == 0 ? 0 : (Py_ssize_t)t->sizes[0];
}

/* A tensor result as the object to return (NULL stays NULL). */
static PyObject* wrap(Tensor* t) { return t == NULL ? NULL : THPVariable_Wrap(t); }

PyObject* THPVariable_getitem(PyObject* self, PyObject* index) {
  /* a subclass's __torch_function__ (a plain tensor's self[index] does not
   * go to a TorchFunctionMode, in 1.13 neither) */
  if (!THPVariable_CheckTypeExact(Py_TYPE(self)) && check_has_torch_function(self, false))
    return handle_torch_function_indexing(self, index, NULL);
  const Tensor* self_ = THPVariable_Unpack(self);
  /* handle simple types: none, ellipsis (get_item) */
  if (index == Py_None) return wrap(unsqueeze(self_, 0));
  if (index == Py_Ellipsis) return wrap(checked(at_alias(self_)));
  /* handle simple types: integers, slices, bool */
  if (check_long(index)) {
    int64_t i;
    if (THPUtils_unpackLong(index, &i) < 0) return NULL;
    return wrap(applySelect(self_, 0, i, 0));
  }
  if (PySlice_Check(index)) {
    Slice s;
    if (unpack_slice(index, &s) < 0) return NULL;
    return wrap(applySlice(self_, 0, s, /*disable_slice_optimization=*/true));
  }
  if (index == Py_False || index == Py_True) {
    Tensor* result = unsqueeze(self_, 0);
    if (result == NULL) return NULL;
    TensorIndices ix = {.count = 0};
    int64_t dim = 0;
    Tensor* b = boolToIndexingTensor(result, index == Py_True);
    Tensor* r = b != NULL && recordTensorIndex(&ix, b, &dim) == 0 ? dispatch_index(result, &ix) : NULL;
    TensorIndices_release(&ix);
    Tensor_release(result);
    return wrap(r);
  }
  /* wrap index in a tuple if it's not already one */
  PyObject* holder = wrapTuple(index);
  if (holder == NULL) return NULL;
  if (index_has_torch_function(holder)) { /* the index tuple is passed on */
    PyObject* r = handle_torch_function_indexing(self, holder, NULL);
    Py_DECREF(holder);
    return r;
  }
  TensorIndices ix = {.count = 0};
  Tensor* sliced = applySlicing(self_, holder, &ix, /*disable_slice_optimization=*/false);
  Py_DECREF(holder);
  Tensor* r = sliced;
  if (sliced != NULL && ix.count == 0) {
    if (sliced == self_) { /* ensure we return a shallow copy for things like x[...] */
      r = checked(at_alias(sliced));
      Tensor_release(sliced);
    }
  } else if (sliced != NULL) { /* indexing by tensors ("advanced" indexing) */
    r = dispatch_index(sliced, &ix);
    Tensor_release(sliced);
  }
  TensorIndices_release(&ix);
  return wrap(r);
}

/* ---- t[index] = value ------------------------------------------------------------ */

/* 1.13's torch::utils::options_to_string: "torch.FloatTensor",
 * "torch.lazy.FloatTensor". */
static void options_to_string(ScalarType dtype, Device device, char* buf, size_t size) {
  static const char* const names[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Bool"};
  snprintf(buf, size, "torch.%s%sTensor", device.type == DeviceType_Lazy ? "lazy." : "",
           dtype <= ScalarType_Bool ? names[dtype] : ScalarType_name(dtype));
}

/* A 0-dim tensor of `dtype` holding `scalar`: made directly on the CPU (1.13's
 * at::detail::scalar_tensor_static: nothing traced), then lifted; on another
 * device, at::scalar_tensor (traced).
 * PyTorch 1.13: TensorIndexing.h scalarToTensor, python_variable_indexing.cpp valueToTensor */
static Tensor* scalarToTensor(Scalar scalar, ScalarType dtype, Device device) {
  DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();
  Tensor* r = NULL;
  if (device.type != DeviceType_CPU) {
    r = at_scalar_tensor(scalar, (OptionalScalarType){true, dtype}, kNoLayout, (OptionalDevice){true, device},
                         kNoPinMemory);
  } else {
    Storage* s = Storage_new(ScalarType_elementSize(dtype));
    Tensor* t = s == NULL ? NULL
                          : Tensor_new(s, 0, IntArrayRef_make(NULL, 0), IntArrayRef_make(NULL, 0), dtype, Device_cpu(),
                                       DispatchKey_CPU);
    Storage_release(s);
    if (t != NULL && store_scalar_checked(dtype, Tensor_data(t), scalar) == 0) r = at_lift_fresh(t);
    Tensor_release(t);
  }
  DispatchKeyGuard_pop(guard);
  return checked(r);
}

/* PyTorch 1.13: python_variable_indexing.cpp valueToTensor */
Tensor* valueToTensor(ScalarType dtype, Device device, PyObject* value) {
  if (THPVariable_Check(value)) return Tensor_retain(THPVariable_Unpack(value));
  Scalar scalar;
  if (check_long(value) || PyBool_Check(value)) {
    int64_t v;
    if (THPUtils_unpackLong(value, &v) < 0) return NULL;
    scalar = Scalar_fromLong(v);
  } else if (PyFloat_Check(value)) {
    scalar = Scalar_fromDouble(PyFloat_AS_DOUBLE(value));
  } else if (PyComplex_Check(value)) {
    /* scalarToTensor's Scalar::to<T> checks it: a real dtype takes no
     * imaginary part, complex64 no part beyond float's range */
    Py_complex c = PyComplex_AsCComplex(value);
    scalar = Scalar_fromComplex(c.real, c.imag);
  } else {
    char type[64];
    options_to_string(dtype, device, type, sizeof type);
    PyErr_Format(PyExc_TypeError, "can't assign a %s to a %s", Py_TYPE(value)->tp_name, type);
    return NULL;
  }
  return scalarToTensor(scalar, dtype, device);
}

/* Sizes without their leading 1s.  PyTorch 1.13: TensorIndexing.h slicePrefix1sSize */
static IntArrayRef slicePrefix1sSize(const Tensor* t) {
  int64_t first = 0;
  while (first < t->dim && t->sizes[first] == 1) first++;
  return IntArrayRef_make(t->sizes + first, (size_t)(t->dim - first));
}

/* PyTorch 1.13: TensorIndexing.h copy_to.  0, or -1 with an exception. */
static int copy_to(Tensor* dst, const Tensor* src) {
  Tensor* r = NULL;
  if (Tensor_hasSizes(dst, Tensor_sizes(src))) {
    r = at_copy_(dst, src, false);
  } else if (src->dim == 0 && src->device.type == DeviceType_CPU) {
    r = at_fill__Tensor(dst, src);
  } else {
    Tensor* view = at_view(src, slicePrefix1sSize(src));
    if (view == NULL) return fail_from_error();
    Tensor* expanded = view;
    if (!Tensor_hasSizes(dst, Tensor_sizes(view))) { /* expand_inplace(dst, src_view, "setitem") */
      expanded = at_expand(view, Tensor_sizes(dst), false);
      Tensor_release(view);
      if (expanded == NULL) return fail_from_error();
    }
    r = at_copy_(dst, expanded, false);
    Tensor_release(expanded);
  }
  if (r == NULL) return fail_from_error();
  Tensor_release(r);
  return 0;
}

/* copy_to(dst, value), taking dst (NULL: an error raised already). */
static int copy_to_taken(Tensor* dst, const Tensor* value) {
  if (dst == NULL) return -1;
  int rc = copy_to(dst, value);
  Tensor_release(dst);
  return rc;
}

/* index_put_(sliced, indices, value without its leading 1s).
 * PyTorch 1.13: python_variable_indexing.cpp THPVariable_setitem (its last
 * block), TensorIndexing.h dispatch_index_put_ */
static int dispatch_index_put_(Tensor* sliced, const TensorIndices* ix, const Tensor* value) {
  IntArrayRef sliced_sizes = slicePrefix1sSize(value);
  Tensor* values_sliced = NULL;
  if (sliced_sizes.size != (size_t)value->dim && (values_sliced = checked(at_view(value, sliced_sizes))) == NULL)
    return -1;
  Tensor* r = checked(at_index_put_(sliced, TensorIndices_list(ix), values_sliced ? values_sliced : value, false));
  Tensor_release(values_sliced);
  Tensor_release(r);
  return r == NULL ? -1 : 0;
}

int THPVariable_setitem(PyObject* self, PyObject* index, PyObject* py_value) {
  if (py_value == NULL) {
    PyErr_SetString(PyExc_TypeError, "Tensor does not support deleting items");
    return -1;
  }
  /* self or the value may override (under a TorchFunctionMode, a value
   * that is not a plain tensor, `t[0] = 5`, goes to the mode, as in 1.13) */
  if ((!THPVariable_CheckTypeExact(Py_TYPE(self)) && check_has_torch_function(self, false)) ||
      (!THPVariable_CheckTypeExact(Py_TYPE(py_value)) && check_has_torch_function(py_value, false))) {
    PyObject* ret = handle_torch_function_indexing(self, index, py_value);
    Py_XDECREF(ret);
    return ret == NULL ? -1 : 0;
  }
  Tensor* self_ = THPVariable_Unpack(self);
  /* TODO: This qint special case looks very suspicious... (1.13's comment) */
  Tensor* value = ScalarType_isQuantized(self_->dtype) ? valueToTensor(ScalarType_Float, Device_cpu(), py_value)
                                                        : valueToTensor(self_->dtype, self_->device, py_value);
  if (value == NULL) return -1;
  int rc;
  /* handle simple types: ellipsis, none, bool (set_item) */
  if (index == Py_False) {
    /* do nothing for false (technically we should check the size, but we
     * don't have real 0-sized shapes) */
    rc = 0;
  } else if (index == Py_Ellipsis) {
    rc = copy_to(self_, value);
  } else if (index == Py_None || index == Py_True) {
    rc = copy_to_taken(unsqueeze(self_, 0), value);
  } else if (check_long(index)) { /* handle simple types: integers, slices */
    int64_t i;
    rc = THPUtils_unpackLong(index, &i) < 0 ? -1 : copy_to_taken(applySelect(self_, 0, i, 0), value);
  } else if (PySlice_Check(index)) {
    Slice s;
    rc = unpack_slice(index, &s) < 0 ? -1 : copy_to_taken(applySlice(self_, 0, s, false), value);
  } else {
    /* wrap index in a tuple if it's not already one */
    PyObject* holder = wrapTuple(index);
    if (holder != NULL && index_has_torch_function(holder)) { /* the index as given is passed on */
      Py_DECREF(holder);
      Tensor_release(value);
      PyObject* ret = handle_torch_function_indexing(self, index, py_value);
      Py_XDECREF(ret);
      return ret == NULL ? -1 : 0;
    }
    TensorIndices ix = {.count = 0};
    Tensor* sliced = holder != NULL ? applySlicing(self_, holder, &ix, false) : NULL;
    Py_XDECREF(holder);
    if (sliced == NULL) rc = -1;
    else if (ix.count == 0) rc = copy_to(sliced, value);
    else rc = dispatch_index_put_(sliced, &ix, value);
    Tensor_release(sliced);
    TensorIndices_release(&ix);
  }
  Tensor_release(value);
  return rc;
}

/* PyTorch 1.13: python_variable.cpp THPVariable_as_mapping */
static PyMappingMethods THPVariable_as_mapping = {
    .mp_length = THPVariable_length,
    .mp_subscript = THPVariable_getitem,
    .mp_ass_subscript = THPVariable_setitem,
};

int THPVariable_initIndexing(void) {
  THPVariableType.tp_as_mapping = &THPVariable_as_mapping;
  return 0;
}
