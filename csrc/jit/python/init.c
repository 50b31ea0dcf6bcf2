/*
 * init.c - what torch.ops (python/minaten/_ops.py) asks of the C side:
 *
 *   torch._C._jit_get_operation("aten::add")   (builtin, overload names):
 *        the builtin tries every overload in 1.13's order (Note [Order of
 *        a packet's overloads]) and calls the first whose schema binds the
 *        arguments (TorchScript's binding, pybind_utils.c); a packet's __call__
 *   torch._C._get_operation_overload("aten::add", "Tensor")  (builtin, builtin, tags):
 *        the same for one overload ("" is the default one); an OpOverload's op
 *   torch._C._get_schema("aten::add", "Tensor")   a torch.FunctionSchema:
 *        name, overload_name, arguments, returns; str() as 1.13 prints it
 *   torch._C._jit_get_all_schemas()   every operator's
 *
 * Calls go through Dispatcher_callBoxed, and their returns are wrapped as
 * the JIT wraps them (a Tensor[] is a list; utils/wrap_outputs.h).
 *
 * PyTorch 1.13: torch/csrc/jit/python/init.cpp (_jit_get_operation,
 * _get_operation_overload, _get_schema, FunctionSchema, Argument),
 * torch/csrc/jit/python/pybind_utils.h (invokeOperatorFromPython,
 * getOpWithStack)
 */
#include "csrc/jit/python/init.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/autograd/python_bindings.h"
#include "csrc/jit/python/pybind_utils.h"
#include "dispatch/Dispatcher.h"

enum { kMaxOperationOverloads = 256 };

/* ---- the builtins ---------------------------------------------------------------- */

/* The self of a torch.ops builtin: the operators it tries, in order. */
typedef struct THPOperation {
  PyObject_HEAD
  PyMethodDef def;
  char name[64]; /* the builtin's __name__: the operator's name, "" for one overload */
  bool overload; /* one overload (OpOverload.__call__), else a packet */
  size_t n;
  const OperatorEntry* ops[];
} THPOperation;

static void THPOperation_dealloc(PyObject* self) { PyObject_Free(self); }

static PyTypeObject THPOperationType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._Operation",
    .tp_basicsize = sizeof(THPOperation),
    .tp_itemsize = sizeof(const OperatorEntry*),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = THPOperation_dealloc,
};

/* PyTorch 1.13: pybind_utils.h invokeOperatorFromPython (getOpWithStack) */
static PyObject* operation_call(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  THPOperation* o = (THPOperation*)self;
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    /* the `self` of OpOverloadPacket.__call__(self, *args, **kwargs) */
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, k), "self") == 0) {
      PyErr_Format(PyExc_TypeError, "%s.__call__() got multiple values for argument 'self'",
                   o->overload ? "OpOverload" : "OpOverloadPacket");
      return NULL;
    }
  }
  /* the mismatches' messages, kept in case no overload binds */
  enum { kWhy = 4096 };
  char first_why[kWhy] = "";
  PyObject* whys = NULL; /* a list of str, from the second mismatch on */
  IValue stack[THP_MAX_ARGS];
  for (size_t c = 0; c < o->n; c++) {
    const OperatorEntry* op = o->ops[c];
    /* NB(minaten): 1.13 crashes calling an operator whose torch.library
     * Library is gone; the entry outlives its schema here (Dispatcher.h) */
    if (op->schema_text == NULL) {
      Py_XDECREF(whys);
      PyErr_Format(PyExc_RuntimeError, "%s is no longer defined: the library that defined it was destroyed",
                   op->qualified_name);
      return NULL;
    }
    if (op->schema.num_arguments > THP_MAX_ARGS) continue;
    char why[kWhy];
    int r = createStackForSchema(op, args, nargs, kwnames, stack, c == 0 ? first_why : why, kWhy);
    if (r < 0) {
      Py_XDECREF(whys);
      return NULL;
    }
    if (r == 1) {
      Py_XDECREF(whys);
      return THPUtils_callOp(op, stack, true);
    }
    if (c == 0) continue;
    if (whys == NULL && (whys = PyList_New(0)) == NULL) return NULL;
    PyObject* text = PyUnicode_FromString(why);
    if (text == NULL || PyList_Append(whys, text) < 0) {
      Py_XDECREF(text);
      Py_DECREF(whys);
      return NULL;
    }
    Py_DECREF(text);
  }
  /* one candidate: its own message; several: all of them.
   * PyTorch 1.13: pybind_utils.h getOpWithStack */
  if (o->n == 1) {
    PyErr_SetString(PyExc_RuntimeError, first_why);
    return NULL;
  }
  PyObject* message = PyUnicode_FromFormat("Overloaded torch operator invoked from Python failed to many any schema:\n%s\n\n",
                                           first_why);
  for (Py_ssize_t i = 0; message != NULL && whys != NULL && i < PyList_GET_SIZE(whys); i++)
    Py_SETREF(message, PyUnicode_FromFormat("%U%U\n\n", message, PyList_GET_ITEM(whys, i)));
  Py_XDECREF(whys);
  if (message != NULL) {
    PyErr_SetObject(PyExc_RuntimeError, message);
    Py_DECREF(message);
  }
  return NULL;
}

/* A builtin over ops[0..n): a PyCFunction whose self holds them. */
static PyObject* make_operation(const char* name, bool overload, const OperatorEntry** ops, size_t n) {
  THPOperation* o = PyObject_NewVar(THPOperation, &THPOperationType, (Py_ssize_t)n);
  if (o == NULL) return NULL;
  snprintf(o->name, sizeof o->name, "%s", name);
  o->overload = overload;
  o->n = n;
  memcpy(o->ops, ops, n * sizeof ops[0]);
  o->def = (PyMethodDef){o->name, (PyCFunction)(void (*)(void))operation_call, METH_FASTCALL | METH_KEYWORDS, NULL};
  PyObject* f = PyCFunction_NewEx(&o->def, (PyObject*)o, NULL);
  Py_DECREF(o);
  return f;
}

/* Splits "ns::name" into the registry's operators of that name (defined,
 * in registration order): how many. */
static size_t find_operators(const char* qualified, const char* overload, const OperatorEntry** ops, size_t max) {
  const char* sep = strstr(qualified, "::");
  if (sep == NULL) return 0;
  size_t ns_len = (size_t)(sep - qualified);
  const char* name = sep + 2;
  size_t n = 0;
  for (size_t i = 0; i < Dispatcher_numOperators() && n < max; i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL) continue;
    if (strlen(op->schema.ns) != ns_len || strncmp(op->schema.ns, qualified, ns_len) != 0) continue;
    if (strcmp(op->schema.name, name) != 0) continue;
    if (overload != NULL && strcmp(op->schema.overload_name, overload) != 0) continue;
    ops[n++] = op;
  }
  return n;
}

static int compare_overload_rank(const void* key, const void* entry) {
  const OverloadRank113* k = key;
  const OverloadRank113* e = entry;
  int c = strcmp(k->name, e->name);
  return c != 0 ? c : strcmp(k->overload, e->overload);
}

/* The rank of an aten overload in 1.13's registry, or INT_MAX when 1.13
 * has no such overload (or op is no aten one). */
static int rank_113(const OperatorEntry* op) {
  static size_t count;
  while (kOverloadOrder113[count].name != NULL) count++;
  if (strcmp(op->schema.ns, "aten") != 0) return INT_MAX;
  OverloadRank113 key = {op->schema.name, op->schema.overload_name, 0};
  const OverloadRank113* e = bsearch(&key, kOverloadOrder113, count, sizeof key, compare_overload_rank);
  return e != NULL ? e->rank : INT_MAX;
}

/*
 * Note [Order of a packet's overloads]
 *
 * A torch.ops packet tries its overloads in the order of 1.13's JIT
 * operator registry, which is the order in which libtorch's static
 * initialisers first touched each operator, not the YAML's: an out= kernel
 * registered before its schema is defined comes first (1.13 lists
 * split_copy.Tensor_out before split_copy.Tensor, addmm before addmm.out).
 * That order is recorded from 1.13 (overload_order_113.c); the overloads
 * 1.13 does not have follow in registration order (an insertion sort keeps
 * it: a packet has few overloads).
 */
static void sort_as_113(const OperatorEntry** ops, size_t n) {
  int ranks[kMaxOperationOverloads];
  for (size_t i = 0; i < n; i++) ranks[i] = rank_113(ops[i]);
  for (size_t i = 1; i < n; i++) {
    const OperatorEntry* op = ops[i];
    int r = ranks[i];
    size_t j = i;
    for (; j > 0 && ranks[j - 1] > r; j--) ops[j] = ops[j - 1], ranks[j] = ranks[j - 1];
    ops[j] = op, ranks[j] = r;
  }
}

/* PyTorch 1.13: torch/csrc/jit/python/init.cpp _jit_get_operation */
static PyObject* jit_get_operation(PyObject* module, PyObject* arg) {
  (void)module;
  const char* qualified = PyUnicode_AsUTF8(arg);
  if (qualified == NULL) return NULL;
  static const OperatorEntry* ops[kMaxOperationOverloads];
  size_t n = find_operators(qualified, NULL, ops, kMaxOperationOverloads);
  if (n == 0) {
    PyErr_Format(PyExc_RuntimeError, "No such operator %s", qualified);
    return NULL;
  }
  sort_as_113(ops, n); /* Note [Order of a packet's overloads] */
  PyObject* names = PyList_New((Py_ssize_t)n);
  if (names == NULL) return NULL;
  for (size_t i = 0; i < n; i++) {
    PyObject* s = PyUnicode_FromString(ops[i]->schema.overload_name);
    if (s == NULL) {
      Py_DECREF(names);
      return NULL;
    }
    PyList_SET_ITEM(names, (Py_ssize_t)i, s);
  }
  PyObject* op = make_operation(ops[0]->schema.name, false, ops, n);
  if (op == NULL) {
    Py_DECREF(names);
    return NULL;
  }
  return Py_BuildValue("(NN)", op, names);
}

/* The one operator `qualified`.`overload`, or NULL with no exception. */
static const OperatorEntry* find_overload(PyObject* const* args, Py_ssize_t nargs, const char* fname) {
  if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
    PyErr_Format(PyExc_TypeError, "%s(): expected (str qualified_name, str overload_name)", fname);
    return NULL;
  }
  const char* qualified = PyUnicode_AsUTF8(args[0]);
  const char* overload = PyUnicode_AsUTF8(args[1]);
  if (qualified == NULL || overload == NULL) return NULL;
  const OperatorEntry* op = NULL;
  return find_operators(qualified, overload, &op, 1) == 1 ? op : NULL;
}

/* (op, op_dk, tags).  NB(minaten): op_dk, which 1.13 calls with a dispatch
 * key first, is op here (minaten has no Python dispatch keys).
 * PyTorch 1.13: torch/csrc/jit/python/init.cpp _get_operation_overload */
static PyObject* get_operation_overload(PyObject* module, PyObject* const* args, Py_ssize_t nargs) {
  (void)module;
  const OperatorEntry* op = find_overload(args, nargs, "_get_operation_overload");
  if (op == NULL) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "Found no matching operator overload");
    return NULL;
  }
  PyObject* f = make_operation("", true, &op, 1);
  if (f == NULL) return NULL;
  return Py_BuildValue("(NO[])", f, f);
}

/* ---- torch.FunctionSchema, torch.Argument ------------------------------------------ */

typedef struct THPFunctionSchema {
  PyObject_HEAD
  const OperatorEntry* op;
} THPFunctionSchema;

typedef struct THPArgument {
  PyObject_HEAD
  const Argument* argument;
} THPArgument;

static PyTypeObject THPArgumentType;

static PyObject* argument_new(const Argument* a) {
  THPArgument* o = PyObject_New(THPArgument, &THPArgumentType);
  if (o != NULL) o->argument = a;
  return (PyObject*)o;
}

static PyObject* THPArgument_name(PyObject* self, void* unused) {
  (void)unused;
  const char* name = ((THPArgument*)self)->argument->name;
  return PyUnicode_FromString(name != NULL ? name : "");
}

static PyObject* THPArgument_kwarg_only(PyObject* self, void* unused) {
  (void)unused;
  return PyBool_FromLong(((THPArgument*)self)->argument->kwarg_only);
}

/* torch._C._AliasInfo: an argument's `(a!)` annotation, read by
 * torch._decomp's check for view operators.
 * PyTorch 1.13: torch/csrc/jit/python/init.cpp (py::class_<AliasInfo>) */
typedef struct THPAliasInfo {
  PyObject_HEAD
  const AliasInfo* info;
} THPAliasInfo;

static PyObject* THPAliasInfo_is_write(PyObject* self, void* unused) {
  (void)unused;
  return PyBool_FromLong(((THPAliasInfo*)self)->info->is_write);
}

/* {"a"}: the set, by the name 1.13's Symbol has without its namespace */
static PyObject* alias_set(const char* name) {
  PyObject* s = PyUnicode_FromString(name);
  PyObject* set = s != NULL ? PySet_New(NULL) : NULL;
  if (set != NULL && PySet_Add(set, s) < 0) Py_CLEAR(set);
  Py_XDECREF(s);
  return set;
}

static PyObject* THPAliasInfo_before_set(PyObject* self, void* unused) {
  (void)unused;
  return alias_set(((THPAliasInfo*)self)->info->set);
}

/* `(a -> *)` is written to the wildcard set */
static PyObject* THPAliasInfo_after_set(PyObject* self, void* unused) {
  (void)unused;
  const AliasInfo* info = ((THPAliasInfo*)self)->info;
  return alias_set(info->to_wildcard ? "*" : info->set);
}

static PyGetSetDef THPAliasInfo_properties[] = {{"is_write", THPAliasInfo_is_write, NULL, NULL, NULL},
                                                {"before_set", THPAliasInfo_before_set, NULL, NULL, NULL},
                                                {"after_set", THPAliasInfo_after_set, NULL, NULL, NULL},
                                                {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject THPAliasInfoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._AliasInfo",
    .tp_basicsize = sizeof(THPAliasInfo),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_getset = THPAliasInfo_properties,
};

/* None for an argument without an annotation */
static PyObject* THPArgument_alias_info(PyObject* self, void* unused) {
  (void)unused;
  const AliasInfo* info = &((THPArgument*)self)->argument->alias_info;
  if (!info->present) Py_RETURN_NONE;
  THPAliasInfo* o = PyObject_New(THPAliasInfo, &THPAliasInfoType);
  if (o != NULL) o->info = info;
  return (PyObject*)o;
}

static PyGetSetDef THPArgument_properties[] = {{"name", THPArgument_name, NULL, NULL, NULL},
                                               {"kwarg_only", THPArgument_kwarg_only, NULL, NULL, NULL},
                                               {"alias_info", THPArgument_alias_info, NULL, NULL, NULL},
                                               {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject THPArgumentType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.Argument",
    .tp_basicsize = sizeof(THPArgument),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_getset = THPArgument_properties,
};

static PyObject* THPFunctionSchema_str(PyObject* self) {
  char buf[2048];
  return PyUnicode_FromString(schema_declaration(((THPFunctionSchema*)self)->op, buf, sizeof buf));
}

static PyObject* THPFunctionSchema_name(PyObject* self, void* unused) {
  (void)unused;
  const FunctionSchema* s = &((THPFunctionSchema*)self)->op->schema;
  return PyUnicode_FromFormat("%s::%s", s->ns, s->name);
}

static PyObject* THPFunctionSchema_overload_name(PyObject* self, void* unused) {
  (void)unused;
  return PyUnicode_FromString(((THPFunctionSchema*)self)->op->schema.overload_name);
}

static PyObject* arguments_list(const Argument* args, size_t n) {
  PyObject* list = PyList_New((Py_ssize_t)n);
  for (size_t i = 0; list != NULL && i < n; i++) {
    PyObject* a = argument_new(&args[i]);
    if (a == NULL) Py_CLEAR(list);
    else PyList_SET_ITEM(list, (Py_ssize_t)i, a);
  }
  return list;
}

static PyObject* THPFunctionSchema_arguments(PyObject* self, void* unused) {
  (void)unused;
  const FunctionSchema* s = &((THPFunctionSchema*)self)->op->schema;
  return arguments_list(s->arguments, s->num_arguments);
}

static PyObject* THPFunctionSchema_returns(PyObject* self, void* unused) {
  (void)unused;
  const FunctionSchema* s = &((THPFunctionSchema*)self)->op->schema;
  return arguments_list(s->returns, s->num_returns);
}

static PyGetSetDef THPFunctionSchema_properties[] = {
    {"name", THPFunctionSchema_name, NULL, NULL, NULL},
    {"overload_name", THPFunctionSchema_overload_name, NULL, NULL, NULL},
    {"arguments", THPFunctionSchema_arguments, NULL, NULL, NULL},
    {"returns", THPFunctionSchema_returns, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject THPFunctionSchemaType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.FunctionSchema",
    .tp_basicsize = sizeof(THPFunctionSchema),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_str = THPFunctionSchema_str,
    .tp_getset = THPFunctionSchema_properties,
};

/* PyTorch 1.13: torch/csrc/jit/python/init.cpp _get_schema */
static PyObject* get_schema(PyObject* module, PyObject* const* args, Py_ssize_t nargs) {
  (void)module;
  const OperatorEntry* op = find_overload(args, nargs, "_get_schema");
  if (op == NULL) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "Found no matching schema");
    return NULL;
  }
  THPFunctionSchema* s = PyObject_New(THPFunctionSchema, &THPFunctionSchemaType);
  if (s != NULL) s->op = op;
  return (PyObject*)s;
}

/* Every defined operator's schema, in registration order.
 * PyTorch 1.13: torch/csrc/jit/python/init.cpp _jit_get_all_schemas */
static PyObject* jit_get_all_schemas(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  PyObject* list = PyList_New(0);
  for (size_t i = 0; list != NULL && i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL) continue;
    THPFunctionSchema* s = PyObject_New(THPFunctionSchema, &THPFunctionSchemaType);
    if (s == NULL) {
      Py_CLEAR(list);
      break;
    }
    s->op = op;
    int r = PyList_Append(list, (PyObject*)s);
    Py_DECREF(s);
    if (r < 0) Py_CLEAR(list);
  }
  return list;
}

static PyMethodDef methods[] = {
    {"_jit_get_all_schemas", jit_get_all_schemas, METH_NOARGS, NULL},
    {"_jit_get_operation", jit_get_operation, METH_O, NULL},
    {"_get_operation_overload", (PyCFunction)(void (*)(void))get_operation_overload, METH_FASTCALL, NULL},
    {"_get_schema", (PyCFunction)(void (*)(void))get_schema, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL}};

int THPJit_init(PyObject* module) {
  if (PyType_Ready(&THPOperationType) < 0 || PyType_Ready(&THPFunctionSchemaType) < 0 ||
      PyType_Ready(&THPArgumentType) < 0 || PyType_Ready(&THPAliasInfoType) < 0)
    return -1;
  if (PyModule_AddObjectRef(module, "FunctionSchema", (PyObject*)&THPFunctionSchemaType) < 0 ||
      PyModule_AddObjectRef(module, "Argument", (PyObject*)&THPArgumentType) < 0)
    return -1;
  return PyModule_AddFunctions(module, methods);
}
