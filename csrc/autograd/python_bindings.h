/*
 * python_bindings.h - the Python bindings of minaten's operators:
 * torch.NAME (a builtin on torch._C._VariableFunctions) and Tensor.NAME (a
 * method of torch._C._TensorBase), one object per bound name, built at
 * import from the operator registry.  1.13 generates the same from its
 * YAML (tools/autograd/gen_python_functions.py: python_torch_functions.cpp,
 * python_variable_methods.cpp); minaten builds them when the module loads,
 * so that operators defined from a YAML file at run time (--yaml) have
 * their bindings too.
 *
 * A binding holds its overloads' Python signatures, sorted once (Note
 * [Order of Python overloads] in sort_overloads.c).  A call parses the
 * arguments against each signature in turn (utils/python_arg_parser.h),
 * converts those of the first that fits to IValues, calls the operator
 * through Dispatcher_callBoxed, and wraps the returns
 * (utils/wrap_outputs.h).  Nothing on that path hashes a name or
 * allocates but the result.
 *
 * Conventions: CPython's.
 *
 * PyTorch 1.13: tools/autograd/gen_python_functions.py (which operators are
 * bound, group_overloads, sort_overloads, the generated dispatch_NAME),
 * torch/csrc/autograd/generated/python_torch_functions.cpp,
 * python_variable_methods.cpp
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_BINDINGS_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_BINDINGS_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "csrc/utils/python_arg_parser.h"
#include "dispatch/OperatorEntry.h"

/* One Python binding: the overloads of torch.NAME or of Tensor.NAME. */
typedef struct THPBinding {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  char name[64];    /* the Python name: "add", "__add__" */
  char op_name[64]; /* the operators' name: "add" */
  bool method;      /* Tensor.NAME: self is args[0] of a call */
  bool nn;          /* torch._C._nn.NAME (has_nn_binding) */
  bool type_error_to_not_implemented; /* __add__ & co: a TypeError returns NotImplemented */
  bool noarg;       /* 1.13 makes it METH_NOARGS (one signature, nothing but self) */
  /* the overloads in the order they are tried, and their signatures */
  size_t num_overloads;
  const OperatorEntry** ops;
  FunctionSignature* sigs;
  bool* factory; /* is_factory_function of each: called under AutoDispatchBelowADInplaceOrView */
  /* the Python signatures a TypeError considers (out= overloads grouped) */
  size_t num_signatures;
  FunctionSignature* error_sigs;
  /* 1.13's overloads minaten does not have, each on its own */
  size_t num_extras;
  FunctionSignature* extra_sigs;
  const char** extra_refuse_names; /* PythonSignature113.refuses_names of each */
  unsigned long long generation; /* Dispatcher_generation() when built */
  PyMethodDef def; /* torch.NAME: the builtin's definition */
} THPBinding;

extern PyTypeObject THPBindingType;
/* torch._C._VariableFunctions (borrowed).  PyTorch 1.13: THPVariableFunctionsModule */
extern PyObject* THPVariableFunctionsModule;

/* An overload of 1.13's torch.NAME (method false) or Tensor.NAME that
 * minaten does not have: python_signatures_113.c, written by
 * tools/oracle/python_signatures.py from 1.13's YAML.  The table ends with
 * a NULL name. */
typedef struct PythonSignature113 {
  const char* name;
  bool method;
  const char* schema;
  /* a named overload whose 1.13 kernel reports names as not yet supported:
   * the operator name it reports them under ("squeeze"); else NULL */
  const char* refuses_names;
} PythonSignature113;
extern const PythonSignature113 kPythonSignatures113[];
/* Whether 1.13 has torch.NAME and Tensor.NAME, for every aten operator name
 * minaten registers (python_signatures_113.c; sorted by name, ends with a
 * NULL name). */
typedef struct PythonBinding113 {
  const char* name;
  bool function;
  bool method;
} PythonBinding113;
extern const PythonBinding113 kPythonBindings113[];

/* Whether torch.NAME (method false) / Tensor.NAME (true) exist in 1.13 for
 * this operator.  PyTorch 1.13: gen_python_functions.py (SKIP_PYTHON_BINDINGS,
 * the method-only names of python_variable_methods.cpp) */
bool has_python_binding(const OperatorEntry* op, bool method);
/* Whether torch._C._nn.NAME exists in 1.13 for this operator. */
bool has_nn_binding(const OperatorEntry* op);
/* torch._C._nn (borrowed).  PyTorch 1.13: THPNNVariableFunctionsModule */
extern PyObject* THPNNVariableFunctionsModule;

/* A new binding of the aten operators named op_name, under Python name
 * `name`: NULL with no exception when none has a binding of that variant. */
THPBinding* THPBinding_new(const char* name, const char* op_name, bool method, bool type_error_to_not_implemented);

/* A call of a binding: self the bound tensor of a method (else NULL).
 * PyTorch 1.13: the generated THPVariable_NAME */
PyObject* THPBinding_call(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames);

/* torch.NAME(...) / self.NAME(...) by name, through its binding (for C code
 * that calls Python-facing operators, as 1.13's bindings call each other:
 * Tensor.__iter__'s unbind).  A name without a binding: AttributeError. */
PyObject* THPBinding_callFunction(const char* name, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
PyObject* THPBinding_callMethod(const char* name, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                PyObject* kwnames);

/* Calls an operator by qualified name ("aten::unbind.int") with all its
 * arguments as IValues (borrowed; owned ones released), its returns
 * wrapped as the bindings wrap them (jit: as torch.ops does).  An unknown
 * operator: NotImplementedError. */
PyObject* THPUtils_callOpBoxed(const char* qualified_name, IValue* args, bool jit);
/* The same with the operator entry. */
PyObject* THPUtils_callOp(const OperatorEntry* op, IValue* args, bool jit);

/* Adds hand-written functions to torch._C._VariableFunctions (torch.NAME:
 * torch.numel, ...), before python/minaten/__init__.py copies them; call
 * after THPBindings_init.  0, or -1 with a Python exception. */
int THPVariableFunctions_addFunctions(PyMethodDef* functions);

/* torch._to_functional_tensor & co (python_torch_functions_manual.c). */
int THPFunctionalization_init(void);

/* Adds torch._C._VariableFunctionsClass and its instance
 * torch._C._VariableFunctions (one builtin per bound function name) to
 * module, and Tensor.NAME for every bound method name, with the Python
 * operators of torch._C._TensorBase (__add__, __radd__, __iadd__, __eq__,
 * ...).  PyTorch 1.13: python_torch_functions_manual.cpp initTorchFunctions,
 * python_variable_methods.cpp variable_methods */
int THPBindings_init(PyObject* module);

#endif
