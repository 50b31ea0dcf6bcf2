/*
 * python_arg_parser.c - see python_arg_parser.h.
 *
 * What a parameter accepts (FunctionParameter_check), by schema type, as
 * 1.13's FunctionParameter::check has it:
 *
 *   Tensor        a tensor; a Python number too for the operators of
 *                 should_allow_numbers_as_tensors (it becomes a 0-dim
 *                 "wrapped number" tensor: `torch.add(a, 1)`); any object
 *                 with a __torch_function__, which, like a tensor subclass
 *                 with one, is collected into PythonArgs.overloaded (the
 *                 binding then hands the call to it: handle_torch_function.h)
 *   Scalar        a Python number (bools too), or a 0-dim tensor that does
 *                 not require grad (read with item())
 *   float         int or float, or such a 0-dim tensor (read with __float__)
 *   int, SymInt   an int that is not a bool (numpy's integers too), or a
 *                 0-dim integer tensor (read with __index__); ints outside
 *                 int64 fail at conversion ("Overflow when unpacking long")
 *   int[], SymInt[]  a tuple (torch.Size too) or list whose first element
 *                 has __index__ and is not a bool (the others are checked
 *                 when converting), or one int for `int[N]`; and the ints
 *                 of the whole call as varargs when the list is the only
 *                 positional parameter (`x.view(2, 3)`)
 *   Tensor[], Tensor?[]  a tuple or list of tensors (or objects with a
 *                 __torch_function__), and anything else in it a
 *                 TypeError at once, not a mismatch
 *   bool          True or False only
 *   ScalarType    a torch.dtype, or Python's float, int or bool type
 *   Device        a torch.device, a string ("cpu", "lazy:0"), or an int
 *                 (a CUDA index in 1.13)
 *   Layout, MemoryFormat, QScheme  their torch objects
 *
 * None passes where the parameter is optional (`T?`, or a default of None).
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp (FunctionParameter::check,
 * FunctionSignature::parse, extra_args, missing_args, extra_kwargs,
 * PythonArgParser::raw_parse, print_error, PythonArgs::intlistWithDefault,
 * scalar_slow, tensor_slow), torch/csrc/utils/python_numbers.h
 * (THPUtils_checkIndex, THPUtils_unpackIndex)
 */
#include "csrc/utils/python_arg_parser.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "autograd/variable.h"
#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Generator.h"
#include "csrc/Storage.h"
#include "csrc/Exceptions.h"
#include "csrc/Layout.h"
#include "csrc/MemoryFormat.h"
#include "csrc/QScheme.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/invalid_arguments.h"
#include "csrc/utils/python_numbers.h"
#include "ops/lazy/LazyBindings.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

/* ---- numbers --------------------------------------------------------------- */

/* Whether obj's type derives from numpy's `base` ("numpy.integer"): numpy's
 * scalars, recognised without importing numpy. */
static bool is_numpy_scalar_of(PyObject* obj, const char* base) {
  PyTypeObject* type = Py_TYPE(obj);
  if (strncmp(type->tp_name, "numpy.", 6) != 0 || type->tp_mro == NULL) return false;
  PyObject* mro = type->tp_mro;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro); i++)
    if (strcmp(((PyTypeObject*)PyTuple_GET_ITEM(mro, i))->tp_name, base) == 0) return true;
  return false;
}

/* PyTorch 1.13: torch/csrc/utils/python_numbers.h THPUtils_checkLong (with numpy's integers) */
static inline bool check_long(PyObject* obj) {
  return (PyLong_Check(obj) && !PyBool_Check(obj)) || (!PyLong_Check(obj) && is_numpy_scalar_of(obj, "numpy.integer"));
}

/* PyTorch 1.13: torch/csrc/utils/python_numbers.h THPUtils_checkDouble (with numpy's scalars) */
static inline bool check_double(PyObject* obj) {
  return PyFloat_Check(obj) || PyLong_Check(obj) || is_numpy_scalar_of(obj, "numpy.integer") ||
         is_numpy_scalar_of(obj, "numpy.floating") || is_numpy_scalar_of(obj, "numpy.bool_");
}

/* PyTorch 1.13: torch/csrc/utils/python_scalars.h THPUtils_checkScalar */
static inline bool check_scalar(PyObject* obj) {
  return check_double(obj) || PyComplex_Check(obj) || is_numpy_scalar_of(obj, "numpy.complexfloating");
}

/* PyTorch 1.13: torch/csrc/utils/python_numbers.h THPUtils_unpackIndex */
static int unpack_index(PyObject* obj, int64_t* out) {
  if (PyLong_CheckExact(obj)) return THPUtils_unpackLong(obj, out);
  PyObject* index = PyNumber_Index(obj);
  if (index == NULL) return -1;
  int r = THPUtils_unpackLong(index, out);
  Py_DECREF(index);
  return r;
}

bool THPPythonScalarType_Check(PyObject* obj) {
  return obj == (PyObject*)&PyFloat_Type || obj == (PyObject*)&PyBool_Type || obj == (PyObject*)&PyLong_Type;
}

ScalarType THPPythonScalarType_value(PyObject* obj) {
  if (obj == (PyObject*)&PyFloat_Type) return ScalarType_Double;
  if (obj == (PyObject*)&PyBool_Type) return ScalarType_Bool;
  return ScalarType_Long;
}

ScalarType PythonArgs_scalartype(PyObject* obj) {
  return THPDtype_Check(obj) ? ((THPDtype*)obj)->scalar_type : THPPythonScalarType_value(obj);
}

/* PyTorch 1.13: aten/src/ATen/native/Scalar.cpp item */
int THPVariable_itemScalar(const Tensor* t, Scalar* out) {
  if (t->device.type == DeviceType_Lazy) {
    /* the lazy tensor's data: its graph runs (1.13's _local_scalar_dense
     * falls back to the CPU after a sync) */
    Tensor* cpu = LazyBindings_toCpu((Tensor*)t);
    if (cpu == NULL) return THPException_fromError(), -1;
    int r = THPVariable_itemScalar(cpu, out);
    Tensor_release(cpu);
    return r;
  }
  if (Tensor_isQuantized(t)) { /* the quantized dtype alone goes to _local_scalar_dense, which refuses it */
    Tensor* d = at_dequantize_self(t);
    if (d == NULL) return THPException_fromError(), -1;
    int r = THPVariable_itemScalar(d, out);
    Tensor_release(d);
    return r;
  }
  *out = at__local_scalar_dense(t);
  if (Error_occurred()) return THPException_fromError(), -1;
  return 0;
}

/* Operators whose Tensor parameters also take Python numbers, wrapped into
 * 0-dim "wrapped number" tensors (`torch.add(a, 1)`).  PyTorch 1.13:
 * torch/csrc/utils/python_arg_parser.cpp should_allow_numbers_as_tensors,
 * its static set `allowed` (which also lists the NAME_out spellings, never
 * a schema name in minaten: out= forms are overloads of NAME). */
bool should_allow_numbers_as_tensors(const char* name) {
  static const char* const allowed[] = {"add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_",
                                        "multiply", "multiply_", "sub", "sub_", "subtract", "subtract_",
                                        "true_divide", "true_divide_", "to", "_to_copy", "copy_",
                                        "floor_divide", "floor_divide_"};
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
    if (strcmp(name, allowed[i]) == 0) return true;
  return false;
}

/* ---- matching ---------------------------------------------------------------- */

/* THPVariable_Check, with torch.Tensor itself (the usual case) first: no
 * walk of the type's MRO on the call path. */
static inline bool is_tensor(PyObject* obj) {
  return Py_TYPE(obj) == (PyTypeObject*)THPVariableClass || THPVariable_Check(obj);
}

static bool is_zero_dim_tensor(PyObject* obj) {
  return THPVariable_Check(obj) && THPVariable_Unpack(obj)->dim == 0;
}

/* PyTorch 1.13: python_arg_parser.cpp is_int_list (only the first element
 * is checked; one int stands for an `int[N]`) */
static bool is_int_list(PyObject* obj, int64_t broadcast_size) {
  if (PyTuple_Check(obj) || PyList_Check(obj)) {
    if (PySequence_Fast_GET_SIZE(obj) == 0) return true;
    return THPUtils_checkIndex(PySequence_Fast_GET_ITEM(obj, 0));
  }
  return broadcast_size > 0 && check_long(obj);
}

/* PyTorch 1.13: python_arg_parser.cpp is_tensor_list_and_append_overloaded
 * (throw_error): 1, 0 (not a sequence), or -1 with the TypeError. */
static int is_tensor_list(PyObject* obj, int argnum) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return 0;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* item = PySequence_Fast_GET_ITEM(obj, i);
    if (!THPVariable_Check(item) && !check_has_torch_function(item, true)) {
      PyErr_Format(PyExc_TypeError, "expected Tensor as element %d in argument %d, but got %s", (int)i, argnum,
                   Py_TYPE(item)->tp_name);
      return -1;
    }
  }
  return 1;
}

/* PyTorch 1.13: python_arg_parser.cpp is_float_or_complex_list */
static bool is_float_list(PyObject* obj) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return false;
  return PySequence_Fast_GET_SIZE(obj) == 0 || check_double(PySequence_Fast_GET_ITEM(obj, 0));
}

static bool is_dimname(PyObject* obj) { return obj == Py_None || PyUnicode_Check(obj); }

/* PyTorch 1.13: python_arg_parser.cpp FunctionParameter::check */
int FunctionParameter_check(const Argument* a, PyObject* obj, bool numbers_as_tensors, int argnum) {
  const SchemaType* t = &a->type;
  if (t->is_list) {
    switch (t->base) {
      case SchemaBaseType_int:
      case SchemaBaseType_SymInt: return is_int_list(obj, t->list_size);
      case SchemaBaseType_Tensor: return is_tensor_list(obj, argnum);
      case SchemaBaseType_float: return is_float_list(obj);
      case SchemaBaseType_bool: {
        if (!PyTuple_Check(obj) && !PyList_Check(obj)) return 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(obj); i++)
          if (!PyBool_Check(PySequence_Fast_GET_ITEM(obj, i))) return 0;
        return 1;
      }
      case SchemaBaseType_Dimname: /* THPUtils_checkDimnameList; one name for a `Dimname[1]` */
        if (!PyTuple_Check(obj) && !PyList_Check(obj)) return t->list_size == 1 && is_dimname(obj);
        return PySequence_Fast_GET_SIZE(obj) == 0 || is_dimname(PySequence_Fast_GET_ITEM(obj, 0));
      default: return 0;
    }
  }
  switch (t->base) {
    case SchemaBaseType_Tensor: /* a tensor, or an object with __torch_function__ (is_tensor_and_append_overloaded) */
      return is_tensor(obj) || check_has_torch_function(obj, true) || (numbers_as_tensors && check_scalar(obj));
    case SchemaBaseType_Scalar:
      if (check_scalar(obj)) return 1;
      /* fall through */
    case SchemaBaseType_float: /* a 0-dim tensor that requires grad is no number */
      if (check_double(obj)) return 1;
      return is_zero_dim_tensor(obj) && !requires_grad(THPVariable_Unpack(obj));
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      if (check_long(obj)) return 1;
      return is_zero_dim_tensor(obj) && ScalarType_isIntegral(THPVariable_Unpack(obj)->dtype, false);
    case SchemaBaseType_bool: return PyBool_Check(obj) || is_numpy_scalar_of(obj, "numpy.bool_");
    case SchemaBaseType_str: return PyUnicode_Check(obj);
    case SchemaBaseType_ScalarType: return THPDtype_Check(obj) || THPPythonScalarType_Check(obj);
    case SchemaBaseType_Layout: return THPLayout_Check(obj);
    case SchemaBaseType_MemoryFormat: return THPMemoryFormat_Check(obj);
    case SchemaBaseType_QScheme: return THPQScheme_Check(obj);
    case SchemaBaseType_Device: return check_long(obj) || PyUnicode_Check(obj) || THPDevice_Check(obj);
    case SchemaBaseType_Dimname: return is_dimname(obj);
    case SchemaBaseType_Any: return 1; /* PyObject* */
    case SchemaBaseType_Generator: return THPGenerator_Check(obj);
    case SchemaBaseType_Storage: return THPStorage_isStorage(obj);
    default: return 0; /* Stream: minaten has no such objects */
  }
}

/* PyTorch 1.13: python_arg_parser.cpp FunctionParameter::type_name */
const char* FunctionParameter_typeName(const Argument* a) {
  const SchemaType* t = &a->type;
  if (t->is_list) {
    switch (t->base) {
      case SchemaBaseType_Tensor: return "tuple of Tensors";
      case SchemaBaseType_int: return "tuple of ints";
      case SchemaBaseType_SymInt: return "tuple of SymInts";
      case SchemaBaseType_float: return "tuple of floats";
      case SchemaBaseType_Scalar: return "tuple of Scalars";
      case SchemaBaseType_Dimname: return "tuple of names";
      case SchemaBaseType_bool: return "tuple of bools";
      default: return "tuple";
    }
  }
  switch (t->base) {
    case SchemaBaseType_Scalar: return "Number";
    case SchemaBaseType_ScalarType: return "torch.dtype";
    case SchemaBaseType_Layout: return "torch.layout";
    case SchemaBaseType_Device: return "torch.device";
    case SchemaBaseType_MemoryFormat: return "torch.memory_format";
    case SchemaBaseType_QScheme: return "torch.qscheme";
    case SchemaBaseType_Generator: return "torch.Generator";
    case SchemaBaseType_Storage: return "torch.Storage";
    case SchemaBaseType_Dimname: return "name";
    case SchemaBaseType_Any: return "object";
    default: return SchemaBaseType_name(t->base); /* Tensor, int, SymInt, float, bool, str */
  }
}

/* ---- signatures ----------------------------------------------------------------- */

/* `bool requires_grad=False`, which 1.13's Python signature of a factory
 * adds after its TensorOptions (gen_python_functions.py); None passes too. */
static const Argument kRequiresGrad = {
    .name = "requires_grad",
    .type = {.base = SchemaBaseType_bool, .list_size = -1},
    .kwarg_only = true,
    .has_default = true,
    .default_text = "False",
};

static bool is_tensor_option(const Argument* a) {
  static const char* const kOptions[] = {"dtype", "layout", "device", "pin_memory"};
  if (!a->kwarg_only) return false;
  for (size_t i = 0; i < sizeof kOptions / sizeof kOptions[0]; i++)
    if (strcmp(a->name, kOptions[i]) == 0) return true;
  return false;
}

static bool has_tensor_options(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (strcmp(s->arguments[i].name, "pin_memory") == 0) return true;
  return false;
}

/* An out= argument: keyword-only and written. */
static int add_param(FunctionSignature* sig, const Argument* a, int slot, const char* name, bool optional,
                     bool allow_none) {
  FunctionParameter* p = &sig->params[sig->num_params];
  p->argument = a;
  p->slot = slot;
  p->name = name;
  p->python_name = PyUnicode_InternFromString(name);
  if (p->python_name == NULL) return -1;
  p->optional = optional;
  p->allow_none = allow_none;
  p->keyword_only = a->kwarg_only;
  p->several_out = false;
  sig->num_params++;
  return 0;
}

int FunctionSignature_init(FunctionSignature* sig, const FunctionSchema* s, bool method, bool grouped_out,
                           const FunctionSchema* options, bool numbers_as_tensors) {
  memset(sig, 0, sizeof *sig);
  sig->schema = s;
  sig->name = s->name;
  sig->method = method;
  sig->grouped_out = grouped_out;
  sig->numbers_as_tensors = numbers_as_tensors;
  sig->requires_grad = -1;
  int n = (int)s->num_arguments;
  if (n + 5 > THP_MAX_ARGS) {
    PyErr_Format(PyExc_RuntimeError, "minaten: %s has more than %d arguments", s->name, THP_MAX_ARGS - 5);
    return -1;
  }
  /* a method binds the argument named self (1.13's FunctionSignature skips
   * it wherever it is: where.self(Tensor condition, Tensor self, Tensor
   * other) is the method where(condition, other)), the first one when no
   * argument has that name */
  sig->self_index = 0;
  for (int i = 0; method && i < n; i++) {
    if (strcmp(s->arguments[i].name, "self") == 0) {
      sig->self_index = i;
      break;
    }
  }
  sig->out_start = n;
  while (sig->out_start > 0 && Argument_isOut(&s->arguments[sig->out_start - 1])) sig->out_start--;
  sig->num_out = n - sig->out_start;
  sig->params = calloc((size_t)n + 6, sizeof *sig->params);
  if (sig->params == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  /* The Python signature torchgen makes: the schema's arguments (a
   * function's Tensor `self` is `input`), TensorOptions (dtype, layout,
   * device, pin_memory) moved to the end, then requires_grad. */
  bool options_last = has_tensor_options(s);
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < n; i++) {
      if (method && i == sig->self_index) continue;
      const Argument* a = &s->arguments[i];
      if ((pass == 1) != (options_last && is_tensor_option(a))) continue;
      if (sig->num_out >= 2 && i > sig->out_start) continue;
      bool out = sig->num_out > 0 && i >= sig->out_start;
      bool several_out = sig->num_out >= 2 && i == sig->out_start;
      bool input = !method && strcmp(a->name, "self") == 0 && SchemaType_isTensor(&a->type);
      const char* name = several_out ? "out" : input ? "input" : a->name;
      bool optional = a->has_default || (grouped_out && out);
      bool allow_none = a->type.is_optional || (a->has_default && IValue_isNone(&a->default_value)) ||
                        (grouped_out && out);
      if (add_param(sig, a, i, name, optional, allow_none) < 0) goto fail;
      sig->params[sig->num_params - 1].several_out = several_out;
    }
  }
  /* the group's TensorOptions after its out= (zeros(SymInt[] size, *, Tensor
   * out=None, ScalarType? dtype=None, ...)): for the error of a call, never bound */
  for (size_t j = 0; grouped_out && options != NULL && j < options->num_arguments; j++) {
    const Argument* a = &options->arguments[j];
    if (is_tensor_option(a) && add_param(sig, a, n + sig->num_params, a->name, true, true) < 0) goto fail;
  }
  if (has_tensor_options(s) || (grouped_out && options != NULL)) {
    sig->requires_grad = sig->num_params;
    if (add_param(sig, &kRequiresGrad, -1, "requires_grad", true, true) < 0) goto fail;
  }
  for (int k = 0; k < sig->num_params; k++) {
    const FunctionParameter* p = &sig->params[k];
    if (!p->optional) sig->min_args++;
    if (!p->keyword_only) sig->max_pos_args++;
  }
  sig->max_args = sig->num_params;
  const SchemaType* t0 = sig->num_params > 0 ? &sig->params[0].argument->type : NULL;
  sig->allow_varargs_intlist = sig->max_pos_args == 1 && t0->is_list && SchemaType_isIntLike(t0->base);
  return 0;
fail:
  FunctionSignature_free(sig);
  return -1;
}

void FunctionSignature_free(FunctionSignature* sig) {
  for (int k = 0; sig->params != NULL && k < sig->num_params; k++) Py_XDECREF(sig->params[k].python_name);
  free(sig->params);
  sig->params = NULL;
  sig->num_params = 0;
}

/* ---- FunctionSignature::parse's errors -------------------------------------------- */

/* PyTorch 1.13: python_arg_parser.cpp extra_args */
static void extra_args(const FunctionSignature* sig, Py_ssize_t nargs) {
  if (sig->min_args != sig->max_pos_args)
    PyErr_Format(PyExc_TypeError, "%s() takes from %d to %d positional arguments but %zd were given", sig->name,
                 sig->min_args, sig->max_pos_args, nargs);
  else
    PyErr_Format(PyExc_TypeError, "%s() takes %d positional argument%s but %zd %s given", sig->name,
                 sig->max_pos_args, sig->max_pos_args == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
}

/* PyTorch 1.13: python_arg_parser.cpp missing_args (its plural is "s" for
 * one argument, "" for several: `missing 1 required positional arguments`) */
static void missing_args(const FunctionSignature* sig, int from) {
  char names[512] = "";
  size_t len = 0;
  int num_missing = 0;
  for (int k = from; k < sig->num_params && len < sizeof names; k++) {
    if (sig->params[k].optional) continue;
    len += (size_t)snprintf(names + len, sizeof names - len, "%s\"%s\"", num_missing > 0 ? ", " : "",
                            sig->params[k].name);
    num_missing++;
  }
  PyErr_Format(PyExc_TypeError, "%s() missing %d required positional argument%s: %s", sig->name, num_missing,
               num_missing == 1 ? "s" : "", names);
}

static int find_param(const FunctionSignature* sig, PyObject* name) {
  for (int k = 0; k < sig->num_params; k++)
    if (sig->params[k].python_name == name) return k;
  for (int k = 0; k < sig->num_params; k++)
    if (PyUnicode_Compare(sig->params[k].python_name, name) == 0) return k;
  PyErr_Clear();
  return -1;
}

/* PyTorch 1.13: python_arg_parser.cpp extra_kwargs: the first keyword that
 * names no parameter, or one given by position too. */
static void extra_kwargs(const FunctionSignature* sig, PyObject* kwnames, Py_ssize_t num_pos_args) {
  for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kwnames); k++) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    int index = find_param(sig, key);
    if (index < 0) {
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", sig->name, key);
      return;
    }
    if (index < num_pos_args) {
      PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%U'", sig->name, key);
      return;
    }
  }
  PyErr_SetString(PyExc_TypeError, "invalid keyword arguments");
}

/* The keyword value named `name` (borrowed), or NULL. */
static PyObject* find_kwarg(PyObject* kwnames, PyObject* const* values, Py_ssize_t nkw, PyObject* name) {
  for (Py_ssize_t k = 0; k < nkw; k++)
    if (PyTuple_GET_ITEM(kwnames, k) == name) return values[k];
  for (Py_ssize_t k = 0; k < nkw; k++)
    if (PyUnicode_Compare(PyTuple_GET_ITEM(kwnames, k), name) == 0) return values[k];
  return NULL;
}

/* The `out` tuple of several out= tensors (max.dim_max's `out=(values,
 * indices)`): 1 fits, 0 not; -1 with 1.13's TypeError for a tuple of
 * another length (PythonArgs::tensorlist_n, when the binding reads it). */
static int check_several_out(const FunctionSignature* sig, PyObject* obj) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return 0;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  for (Py_ssize_t j = 0; j < n; j++)
    if (!THPVariable_Check(PySequence_Fast_GET_ITEM(obj, j))) return 0;
  if (n != sig->num_out) {
    PyErr_Format(PyExc_TypeError, "expected tuple of %d elements but got %zd", sig->num_out, n);
    return -1;
  }
  return 1;
}

/* The Tensor or Tensor[] argument obj, matched, into the arguments that
 * override the call: 0, or -1.  PyTorch 1.13: FunctionParameter::check
 * (is_tensor_and_append_overloaded, is_tensor_list_and_append_overloaded) */
static int collect_overloaded(PythonArgs* out, const Argument* a, PyObject* obj) {
  if (a->type.base != SchemaBaseType_Tensor) return 0;
  if (!a->type.is_list) return OverloadedArgs_check(&out->overloaded, obj);
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return 0;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(obj); i++)
    if (OverloadedArgs_check(&out->overloaded, PySequence_Fast_GET_ITEM(obj, i)) < 0) return -1;
  return 0;
}

/* No argument overrides the call yet but self, a method's, may: 0, or -1.
 * PyTorch 1.13: FunctionSignature::parse (`if (self != nullptr &&
 * check_has_torch_function(self, true)) append_overloaded_tensor(...)`) */
static inline int start_overloaded(PythonArgs* out, PyObject* self) {
  out->overloaded.n = 0;
  return self != NULL ? OverloadedArgs_check(&out->overloaded, self) : 0;
}

/* PyTorch 1.13: python_arg_parser.cpp FunctionSignature::parse */
int FunctionSignature_parse(const FunctionSignature* sig, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                            PyObject* kwnames, PythonArgs* out, bool raise_exception) {
  out->signature = sig;
  out->self = self;
  size_t n = sig->schema->num_arguments;
  for (size_t i = 0; i < n; i++) out->args[i] = NULL;
  out->varargs = NULL;
  out->num_varargs = 0;
  out->varargs_slot = -1;
  out->requires_grad = NULL;
  out->ints_used = 0;
  if (start_overloaded(out, self) < 0) return -1;
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs > sig->max_pos_args && !sig->allow_varargs_intlist) {
    if (raise_exception) extra_args(sig, nargs);
    return 0;
  }
  Py_ssize_t arg_pos = 0, remaining_kwargs = nkw;
  for (int k = 0; k < sig->num_params; k++) {
    const FunctionParameter* p = &sig->params[k];
    PyObject* obj = NULL;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      /* extra positional arguments after a single int list taken as varargs */
      if (p->keyword_only) {
        if (raise_exception) extra_args(sig, nargs);
        return 0;
      }
      obj = args[arg_pos];
    } else if (nkw > 0) {
      obj = find_kwarg(kwnames, args + nargs, nkw, p->python_name);
      is_kwd = true;
    }
    if ((obj == NULL && p->optional) || (obj == Py_None && p->allow_none)) {
      /* absent: the default */
    } else if (obj == NULL) {
      if (raise_exception) missing_args(sig, k); /* foo() missing 1 required positional argument: "b" */
      return 0;
    } else {
      int fits = p->several_out ? check_several_out(sig, obj)
                                : FunctionParameter_check(p->argument, obj, sig->numbers_as_tensors, k);
      if (fits < 0) return -1;
      if (fits && p->argument != NULL && collect_overloaded(out, p->argument, obj) < 0) return -1;
      if (fits) {
        if (p->slot < 0) {
          out->requires_grad = obj;
        } else if (p->several_out) {
          for (int j = 0; j < sig->num_out; j++) out->args[p->slot + j] = PySequence_Fast_GET_ITEM(obj, j);
        } else {
          out->args[p->slot] = obj;
        }
      } else if (sig->allow_varargs_intlist && arg_pos == 0 && !is_kwd && THPUtils_checkIndex(obj)) {
        /* permute(1, 2, 3) -> permute((1, 2, 3)) */
        out->varargs = args;
        out->num_varargs = nargs;
        out->varargs_slot = p->slot;
        arg_pos = nargs;
        continue;
      } else {
        if (raise_exception) {
          if (is_kwd) /* foo(): argument 'other' must be str, not int */
            PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be %s, not %s", sig->name, p->name,
                         p->several_out ? "tuple of Tensors" : FunctionParameter_typeName(p->argument),
                         Py_TYPE(obj)->tp_name);
          else /* foo(): argument 'other' (position 2) must be str, not int */
            PyErr_Format(PyExc_TypeError, "%s(): argument '%s' (position %zd) must be %s, not %s", sig->name,
                         p->name, arg_pos + 1, FunctionParameter_typeName(p->argument), Py_TYPE(obj)->tp_name);
        }
        return 0;
      }
    }
    if (!is_kwd) arg_pos++;
    else if (obj != NULL) remaining_kwargs--;
  }
  if (remaining_kwargs > 0) {
    if (raise_exception) extra_kwargs(sig, kwnames, nargs); /* foo() got an unexpected keyword argument "b" */
    return 0;
  }
  return 1;
}

/* ---- converting -------------------------------------------------------------------- */

/* An int list from `items` (the tuple's or list's items, or the varargs):
 * PyTorch 1.13: PythonArgs::intlistWithDefault, its TypeError for an
 * element that is no index (or does not fit int64). */
static int int_list_from(PythonArgs* a, const Argument* arg, PyObject* const* items, Py_ssize_t n, IValue* out) {
  int64_t* ints = a->ints + a->ints_used;
  bool borrowed = a->ints_used + (size_t)n <= THP_MAX_LIST_INTS;
  int64_t* heap = NULL;
  if (!borrowed) {
    heap = malloc(((size_t)n + 1) * sizeof *heap);
    if (heap == NULL) return PyErr_NoMemory(), -1;
    ints = heap;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    if (unpack_index(items[i], &ints[i]) < 0) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be %s, but found element of type %s at pos %zd",
                   a->signature->name, arg->name, FunctionParameter_typeName(arg), Py_TYPE(items[i])->tp_name,
                   i + 1);
      free(heap);
      return -1;
    }
  }
  if (borrowed) {
    a->ints_used += (size_t)n;
    *out = IValue_borrowIntList(IntArrayRef_make(ints, (size_t)n));
  } else {
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)n));
    free(heap);
  }
  return 0;
}

static int list_to_ivalue(PythonArgs* a, const Argument* arg, PyObject* obj, IValue* out) {
  const SchemaType* t = &arg->type;
  if (SchemaType_isIntLike(t->base) && !PyTuple_Check(obj) && !PyList_Check(obj)) {
    /* `int[2] stride=1`: one int for all */
    int64_t v;
    if (THPUtils_unpackLong(obj, &v) < 0) return -1;
    int64_t ints[MINATEN_MAX_DIM];
    for (int64_t i = 0; i < t->list_size && i < MINATEN_MAX_DIM; i++) ints[i] = v;
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)t->list_size));
    return 0;
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  PyObject* const* items = PySequence_Fast_ITEMS(obj);
  switch (t->base) {
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt: return int_list_from(a, arg, items, n, out);
    case SchemaBaseType_Tensor: {
      Tensor* stack_items[64];
      Tensor** tensors = n <= 64 ? stack_items : malloc((size_t)n * sizeof *tensors);
      if (tensors == NULL) return PyErr_NoMemory(), -1;
      for (Py_ssize_t i = 0; i < n; i++) {
        if (!THPVariable_Check(items[i])) { /* an object with __torch_function__, where none was asked */
          PyErr_Format(PyExc_TypeError, "expected Tensor as element %zd in argument %d, but got %s", i, 0,
                       Py_TYPE(items[i])->tp_name);
          if (tensors != stack_items) free(tensors);
          return -1;
        }
        tensors[i] = THPVariable_Unpack(items[i]);
      }
      *out = IValue_copyTensorList((TensorList){tensors, (size_t)n});
      if (tensors != stack_items) free(tensors);
      return 0;
    }
    case SchemaBaseType_float: {
      double* d = malloc(((size_t)n + 1) * sizeof *d);
      if (d == NULL) return PyErr_NoMemory(), -1;
      for (Py_ssize_t i = 0; i < n; i++) {
        if (THPUtils_unpackDouble(items[i], &d[i]) < 0) {
          PyErr_Clear();
          PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be %s, but found element of type %s at pos %zd",
                       a->signature->name, arg->name, FunctionParameter_typeName(arg), Py_TYPE(items[i])->tp_name,
                       i + 1);
          free(d);
          return -1;
        }
      }
      *out = IValue_copyDoubleList(d, (size_t)n);
      free(d);
      return 0;
    }
    case SchemaBaseType_bool: {
      bool* b = malloc(((size_t)n + 1) * sizeof *b);
      if (b == NULL) return PyErr_NoMemory(), -1;
      for (Py_ssize_t i = 0; i < n; i++) b[i] = items[i] == Py_True;
      *out = IValue_copyBoolList(b, (size_t)n);
      free(b);
      return 0;
    }
    default:
      PyErr_Format(PyExc_NotImplementedError, "minaten: arguments of type %s[] are not supported",
                   SchemaBaseType_name(t->base));
      return -1;
  }
}

/* A Python number as a Scalar of its kind.  PyTorch 1.13: PythonArgs::scalar_slow */
static int number_to_scalar(PyObject* obj, Scalar* out) {
  if (THPVariable_Check(obj)) return THPVariable_itemScalar(THPVariable_Unpack(obj), out);
  if (check_long(obj)) {
    int64_t v;
    if (THPUtils_unpackLong(obj, &v) < 0) return -1;
    *out = Scalar_fromLong(v);
    return 0;
  }
  if (PyBool_Check(obj)) {
    *out = Scalar_fromBool(obj == Py_True);
    return 0;
  }
  if (PyComplex_Check(obj) || is_numpy_scalar_of(obj, "numpy.complexfloating")) {
    Py_complex c = PyComplex_AsCComplex(obj);
    if (c.real == -1.0 && PyErr_Occurred()) return -1;
    *out = Scalar_fromComplex(c.real, c.imag);
    return 0;
  }
  double d; /* a float, or anything else with __float__ (numpy's bool_ too: it is a double there) */
  if (THPUtils_unpackDouble(obj, &d) < 0) return -1;
  *out = Scalar_fromDouble(d);
  return 0;
}

/* PyTorch 1.13: PythonArgs::device (an int is a CUDA index there) */
static int device_from(PyObject* obj, Device* out) {
  if (THPDevice_Check(obj)) {
    *out = ((THPDevice*)obj)->device;
    return 0;
  }
  if (check_long(obj)) {
    int64_t index;
    if (THPUtils_unpackLong(obj, &index) < 0) return -1;
    if (index < 0) {
      PyErr_SetString(PyExc_RuntimeError, "Device index must not be negative");
      return -1;
    }
    /* NB(minaten): 1.13 makes a CUDA device here, and fails when it
     * initialises CUDA, as a build without CUDA does */
    PyErr_SetString(PyExc_AssertionError, "Torch not compiled with CUDA enabled");
    return -1;
  }
  const char* s = PyUnicode_AsUTF8(obj);
  if (s == NULL) return -1;
  if (strncmp(s, "cuda", 4) == 0 && (s[4] == '\0' || s[4] == ':')) {
    /* NB(minaten): a CUDA device parses in 1.13, whose build without CUDA
     * then fails to initialise it; minaten's Device has no CUDA type */
    PyErr_SetString(PyExc_AssertionError, "Torch not compiled with CUDA enabled");
    return -1;
  }
  if (Device_parse(s, out) < 0) return THPException_fromError(), -1;
  return 0;
}

/* A borrowed tensor, written field by field into the stack slot (a struct
 * built aside and copied in made the CPU stall on the partly written copy,
 * a measurable part of `a + b`). */
static inline void borrow_tensor_into(IValue* out, Tensor* t) {
  out->tag = IValueTag_Tensor;
  out->owned = false;
  out->u.tensor = t;
}

/* A Tensor argument: a tensor, borrowed, or else a number as a
 * wrapped-number tensor (PythonArgs::tensor_slow).  0, or -1 with the
 * exception set.
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.h PythonArgs::tensor */
static inline int tensor_to_ivalue(PyObject* obj, IValue* out) {
  if (is_tensor(obj)) {
    borrow_tensor_into(out, THPVariable_Unpack(obj));
    return 0;
  }
  Scalar s;
  if (number_to_scalar(obj, &s) < 0) return -1;
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return THPException_fromError(), -1;
  *out = IValue_takeTensor(w);
  return 0;
}

/* An absent argument: its default (borrowed from the schema), or None.
 * Note [The Python default of reduction=Mean]: 1.13's generated signature
 * spells the loss functions' default `at::Reduction::Mean`, and
 * FunctionParameter::set_default_str reads an int default with atol: 0,
 * Reduction::None.  So torch._C._nn.mse_loss(a, b) does not reduce
 * (torch.ops.aten.mse_loss, through the schema, does).
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp set_default_str */
static void default_to_ivalue(const Argument* arg, IValue* out) {
  if (arg->has_default && arg->type.base == SchemaBaseType_int && !arg->type.is_list && !arg->type.is_optional &&
      strcmp(arg->default_text, "Mean") == 0) {
    *out = IValue_fromInt(0);
  } else if (arg->has_default) {
    out->tag = arg->default_value.tag;
    out->owned = false;
    out->u = arg->default_value.u;
  } else {
    *out = IValue_none();
  }
}

int PythonArgs_toIValue(PythonArgs* a, int i, IValue* out) {
  const FunctionSignature* sig = a->signature;
  const Argument* arg = &sig->schema->arguments[i];
  if (sig->method && i == sig->self_index) {
    borrow_tensor_into(out, THPVariable_Unpack(a->self));
    return 0;
  }
  if (i == a->varargs_slot) return int_list_from(a, arg, a->varargs, a->num_varargs, out);
  PyObject* obj = a->args[i];
  if (obj == NULL) {
    default_to_ivalue(arg, out);
    return 0;
  }
  if (obj == Py_None) {
    *out = IValue_none();
    return 0;
  }
  const SchemaType* t = &arg->type;
  if (t->is_list) return list_to_ivalue(a, arg, obj, out);
  switch (t->base) {
    case SchemaBaseType_Tensor: return tensor_to_ivalue(obj, out);
    case SchemaBaseType_Scalar: {
      Scalar s;
      if (number_to_scalar(obj, &s) < 0) return -1;
      *out = IValue_fromScalar(s);
      return 0;
    }
    case SchemaBaseType_float: {
      double d;
      if (THPUtils_unpackDouble(obj, &d) < 0) return -1; /* a tensor: __float__ */
      *out = IValue_fromDouble(d);
      return 0;
    }
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt: {
      int64_t v;
      if (THPUtils_unpackLong(obj, &v) < 0) return -1; /* a tensor: __index__ */
      *out = IValue_fromInt(v);
      return 0;
    }
    case SchemaBaseType_bool: {
      int b = obj == Py_True ? 1 : obj == Py_False ? 0 : PyObject_IsTrue(obj);
      if (b < 0) return -1;
      *out = IValue_fromBool(b);
      return 0;
    }
    case SchemaBaseType_str: {
      const char* s = PyUnicode_AsUTF8(obj);
      if (s == NULL) return -1;
      *out = IValue_borrowString(s);
      return 0;
    }
    case SchemaBaseType_ScalarType:
      *out = IValue_fromScalarType(PythonArgs_scalartype(obj));
      return 0;
    case SchemaBaseType_Layout: *out = IValue_fromLayout(THPLayout_value(obj)); return 0;
    case SchemaBaseType_MemoryFormat: *out = IValue_fromMemoryFormat(THPMemoryFormat_value(obj)); return 0;
    case SchemaBaseType_QScheme: *out = IValue_fromInt(THPQScheme_value(obj)); return 0; /* an int, as c10 boxes it */
    case SchemaBaseType_Device: {
      Device d;
      if (device_from(obj, &d) < 0) return -1;
      *out = IValue_fromDevice(d);
      return 0;
    }
    case SchemaBaseType_Generator: *out = IValue_borrowGenerator(THPGenerator_Unwrap(obj)); return 0;
    case SchemaBaseType_Storage: { /* PythonArgs::storage: the caller checks a TypedStorage's dtype */
      Storage* storage;
      ScalarType dtype;
      bool is_typed;
      if (THPStorage_unpackGetType(obj, &storage, &dtype, &is_typed) < 0) return -1;
      *out = IValue_borrowStorage(storage);
      return 0;
    }
    default:
      PyErr_Format(PyExc_NotImplementedError, "minaten: arguments of type %s are not supported",
                   SchemaBaseType_name(t->base));
      return -1;
  }
}

int PythonArgs_toIValues(PythonArgs* a, IValue* stack) {
  size_t n = a->signature->schema->num_arguments;
  for (size_t i = 0; i < n; i++) {
    if (PythonArgs_toIValue(a, (int)i, &stack[i]) < 0) {
      while (i > 0) IValue_release(&stack[--i]);
      return -1;
    }
  }
  return 0;
}

/* ---- hand-written signatures ---------------------------------------------------------- */

static int PythonArgParser_init(PythonArgParser* p) {
  FunctionSchema* schemas = calloc((size_t)p->count, sizeof *schemas);
  FunctionSignature* parsed = calloc((size_t)p->count, sizeof *parsed);
  if (schemas == NULL || parsed == NULL) {
    free(schemas);
    free(parsed);
    PyErr_NoMemory();
    return -1;
  }
  for (int k = 0; k < p->count; k++) {
    SchemaParseError err;
    int rc = FunctionSchema_parse(p->signatures[k], &schemas[k], &err);
    TORCH_INTERNAL_ASSERT(rc == 0); /* the signatures are minaten's own */
    if (FunctionSignature_init(&parsed[k], &schemas[k], p->method, false, NULL,
                               should_allow_numbers_as_tensors(schemas[k].name)) < 0)
      return -1;
  }
  /* kept for the life of the process, as 1.13's function-local static parsers */
  p->schemas = schemas;
  p->parsed = parsed;
  return 0;
}

/* PyTorch 1.13: python_arg_parser.cpp PythonArgParser::raw_parse (its
 * error), print_error */
int PythonArgParser_signatureError(const char* name, const FunctionSignature* sigs, size_t n, size_t hidden,
                                   PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  PythonArgs scratch;
  /* raw_parse: one signature (hidden ones counted) raises its own TypeError */
  const FunctionSignature* raising = n + hidden == 1 ? &sigs[0] : NULL;
  if (raising == NULL) { /* print_error: so does the one plausible (visible) signature */
    Py_ssize_t num_args = nargs + nkw;
    int plausible = 0;
    for (size_t k = 0; k < n; k++) {
      if (num_args >= sigs[k].min_args && num_args <= sigs[k].max_args) {
        plausible++;
        raising = &sigs[k];
      }
    }
    if (plausible != 1) raising = NULL;
  }
  if (raising != NULL && FunctionSignature_parse(raising, self, args, nargs, kwnames, &scratch, true) <= 0 &&
      PyErr_Occurred())
    return -1;
  PyErr_Clear(); /* NB: a grouped signature may fit where no overload did (out= with dtype=) */
  PyObject* message = format_invalid_args(name, sigs, n, args, nargs, kwnames);
  if (message != NULL) {
    PyErr_SetObject(PyExc_TypeError, message);
    Py_DECREF(message);
  }
  return -1;
}

int PythonArgParser_parse(PythonArgParser* p, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames, PythonArgs* out) {
  if (p->parsed == NULL && PythonArgParser_init(p) < 0) return -1;
  for (int k = 0; k < p->count; k++) {
    int r = FunctionSignature_parse(&p->parsed[k], self, args, nargs, kwnames, out, false);
    if (r < 0) return -1;
    if (r > 0) return k;
  }
  return PythonArgParser_signatureError(p->name, p->parsed, (size_t)p->count, (size_t)p->hidden, self, args, nargs,
                                        kwnames);
}

int PythonArgParser_parseTupleDict(PythonArgParser* p, PyObject* self, PyObject* args, PyObject* kwargs,
                                   PythonArgs* out) {
  Py_ssize_t nargs = PyTuple_GET_SIZE(args), nkw = kwargs == NULL ? 0 : PyDict_GET_SIZE(kwargs);
  if (nkw == 0) return PythonArgParser_parse(p, self, &PyTuple_GET_ITEM(args, 0), nargs, NULL, out);
  /* the vectorcall layout: the positional values, then the keyword values
   * in kwnames' order (borrowed: args and kwargs keep them alive) */
  PyObject** stack = PyMem_Malloc((size_t)(nargs + nkw) * sizeof *stack);
  PyObject* kwnames = PyTuple_New(nkw);
  if (stack == NULL || kwnames == NULL) {
    PyMem_Free(stack);
    Py_XDECREF(kwnames);
    return PyErr_NoMemory(), -1;
  }
  for (Py_ssize_t i = 0; i < nargs; i++) stack[i] = PyTuple_GET_ITEM(args, i);
  PyObject *key, *value;
  Py_ssize_t pos = 0, k = 0;
  while (PyDict_Next(kwargs, &pos, &key, &value)) {
    PyTuple_SET_ITEM(kwnames, k, Py_NewRef(key));
    stack[nargs + k++] = value;
  }
  int r = PythonArgParser_parse(p, self, stack, nargs, kwnames, out);
  Py_DECREF(kwnames);
  PyMem_Free(stack);
  return r;
}
