/*
 * Dispatcher.c - the operator registry and the boxed call path; see Dispatcher.h.
 *
 * The registry is a uthash table keyed by qualified name plus an array in
 * registration order.  It is consulted when operators are registered and
 * when the interpreter resolves a name; generated entry points hold their
 * OperatorEntry in a global (at_op_reshape) and never look anything up.
 *
 * PyTorch 1.13: aten/src/ATen/core/dispatch/Dispatcher.cpp
 */
#include "dispatch/Dispatcher.h"

#include <stdlib.h>
#include <string.h>

#include "dispatch/KernelFunction.h"
#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"

bool Dispatcher_verbose = false;

static OperatorEntry* operators_by_name = NULL; /* uthash head */
static OperatorEntry** operators_in_order = NULL;
static size_t num_operators = 0;
static size_t cap_operators = 0;
static KernelRegistration backend_fallbacks[DispatchKey_NumRuntimeKeys];
static int trace_depth = 0;

/* Records which argument positions carry tensors and tensor options. */
static void index_arguments(OperatorEntry* op) {
  op->num_tensor_args = 0;
  op->dtype_arg_index = -1;
  op->device_arg_index = -1;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const Argument* a = &op->schema.arguments[i];
    if (a->type.base == SchemaBaseType_Tensor &&
        op->num_tensor_args < (int)(sizeof op->tensor_arg_index / sizeof(int)))
      op->tensor_arg_index[op->num_tensor_args++] = (int)i;
    if (a->type.base == SchemaBaseType_ScalarType && strcmp(a->name, "dtype") == 0)
      op->dtype_arg_index = (int)i;
    if (a->type.base == SchemaBaseType_Device && strcmp(a->name, "device") == 0)
      op->device_arg_index = (int)i;
  }
}

/* PyTorch 1.13: Dispatcher::registerDef */
OperatorEntry* Dispatcher_registerDef(const char* schema_text, const char* debug) {
  FunctionSchema schema;
  SchemaParseError err;
  if (FunctionSchema_parse(schema_text, &schema, &err) < 0) {
    Error_set(ErrorType_RuntimeError, "%s:%d: %s (in schema '%s')", debug ? debug : "<schema>",
              err.column, err.message, schema_text);
    return NULL;
  }
  char name[sizeof ((OperatorEntry*)0)->qualified_name];
  FunctionSchema_qualifiedName(&schema, name, sizeof name);
  OperatorEntry* op = Dispatcher_findSchema(name);
  if (op != NULL) {
    FunctionSchema_free(&schema);
    return op;
  }
  op = calloc(1, sizeof *op);
  TORCH_INTERNAL_ASSERT(op != NULL);
  snprintf(op->qualified_name, sizeof op->qualified_name, "%s", name);
  op->schema = schema;
  op->schema_text = strdup(schema_text);
  op->debug = strdup(debug ? debug : "");
  index_arguments(op);
  KernelFunction_prepareFfi(op);
  OperatorEntry_updateDispatchTable(op);

  HASH_ADD_STR(operators_by_name, qualified_name, op);
  if (num_operators == cap_operators) {
    cap_operators = cap_operators ? 2 * cap_operators : 64;
    operators_in_order = realloc(operators_in_order, cap_operators * sizeof *operators_in_order);
    TORCH_INTERNAL_ASSERT(operators_in_order != NULL);
  }
  operators_in_order[num_operators++] = op;
  return op;
}

/* PyTorch 1.13: Dispatcher::registerImpl */
int Dispatcher_registerImpl(OperatorEntry* op, DispatchKey key, KernelFunction kernel,
                            const char* file, int line) {
  TORCH_INTERNAL_ASSERT(key < DispatchKey_EndOfAliasKeys && key != DispatchKey_NumRuntimeKeys);
  KernelRegistration* reg = &op->kernels[key];
  if (reg->present) {
    Error_set(ErrorType_RuntimeError,
              "Tried to register a kernel (registered at %s:%d) for operator %s for dispatch key "
              "%s, but it already has a kernel registered at %s:%d",
              file, line, op->qualified_name, DispatchKey_name(key), reg->file, reg->line);
    return -1;
  }
  reg->present = true;
  reg->kernel = kernel;
  reg->file = file;
  reg->line = line;
  OperatorEntry_updateDispatchTable(op);
  return 0;
}

/* PyTorch 1.13: Dispatcher::registerFallback */
void Dispatcher_registerFallback(DispatchKey key, KernelFunction kernel, const char* file,
                                 int line) {
  TORCH_INTERNAL_ASSERT(key < DispatchKey_NumRuntimeKeys);
  KernelRegistration reg = {true, kernel, file, line};
  backend_fallbacks[key] = reg;
  for (size_t i = 0; i < num_operators; i++) OperatorEntry_updateDispatchTable(operators_in_order[i]);
}

const KernelRegistration* Dispatcher_backendFallback(DispatchKey key) {
  return key < DispatchKey_NumRuntimeKeys ? &backend_fallbacks[key] : NULL;
}

/*
 * Until minaten has autograd, the autograd keys and ADInplaceOrView pass every
 * operator through (composite implicit kernels still land there as math
 * kernels, which take precedence over a fallback); BackendSelect passes
 * operators without tensor options through; Python is the trace mode.
 * PyTorch 1.13: aten/src/ATen/core/VariableFallbackKernel.cpp,
 * BackendSelectFallbackKernel.cpp, PythonFallbackKernel.cpp
 */
void Dispatcher_registerStandardFallbacks(void) {
  static const DispatchKey fallthrough_keys[] = {
      DispatchKey_BackendSelect, DispatchKey_ADInplaceOrView, DispatchKey_AutogradOther,
      DispatchKey_AutogradCPU, DispatchKey_AutogradLazy};
  for (size_t i = 0; i < sizeof fallthrough_keys / sizeof fallthrough_keys[0]; i++)
    Dispatcher_registerFallback(fallthrough_keys[i], KernelFunction_makeFallthrough(),
                                "dispatch/Dispatcher.c", __LINE__);
  Dispatcher_registerFallback(DispatchKey_Python,
                              KernelFunction_makeBoxed(TraceMode_pythonFallback,
                                                       "TraceMode_pythonFallback"),
                              "dispatch/Dispatcher.c", __LINE__);
}

/* PyTorch 1.13: Dispatcher::findSchema */
OperatorEntry* Dispatcher_findSchema(const char* qualified_name) {
  OperatorEntry* op = NULL;
  HASH_FIND_STR(operators_by_name, qualified_name, op);
  return op;
}

size_t Dispatcher_numOperators(void) { return num_operators; }

OperatorEntry* Dispatcher_operator(size_t i) { return i < num_operators ? operators_in_order[i] : NULL; }

void Dispatcher_cleanup(void) {
  OperatorEntry *op, *tmp;
  HASH_ITER(hh, operators_by_name, op, tmp) {
    HASH_DEL(operators_by_name, op);
    FunctionSchema_free(&op->schema);
    KernelFunction_freeFfi(op);
    free(op->schema_text);
    free(op->debug);
    free(op);
  }
  free(operators_in_order);
  operators_in_order = NULL;
  num_operators = cap_operators = 0;
  memset(backend_fallbacks, 0, sizeof backend_fallbacks);
}

DispatchKeySet DispatchKeySet_ofTensorList(TensorList l) {
  DispatchKeySet ks = DispatchKeySet_empty();
  for (size_t i = 0; i < l.size; i++)
    if (l.data[i] != NULL) ks = DispatchKeySet_or(ks, l.data[i]->key_set);
  return ks;
}

/* PyTorch 1.13: DispatchKeyExtractor::getDispatchKeySetBoxed */
DispatchKeySet Dispatcher_tensorKeys(const OperatorEntry* op, const IValue* args) {
  DispatchKeySet ks = DispatchKeySet_empty();
  for (int i = 0; i < op->num_tensor_args; i++) {
    const IValue* v = &args[op->tensor_arg_index[i]];
    if (v->tag == IValueTag_Tensor)
      ks = DispatchKeySet_or(ks, v->u.tensor->key_set);
    else if (v->tag == IValueTag_TensorList)
      ks = DispatchKeySet_or(ks, DispatchKeySet_ofTensorList(IValue_toTensorList(v)));
  }
  return ks;
}

/* One line per hop: "  aten::_reshape_alias  CPU -> at_native__reshape_alias [kernel]". */
void Dispatcher_traceEnter(const OperatorEntry* op, DispatchKeySet ks, const KernelFunction* k) {
  DispatchKey key = DispatchKeySet_highestPriorityTypeId(ks);
  printf("[dispatch] %*s%s  %s -> %s [%s]\n", 2 * trace_depth, "", op->qualified_name,
         DispatchKey_name(key), k->name, DispatchTableSource_name(op->tableSource[key]));
  trace_depth++;
}

void Dispatcher_traceLeave(void) {
  if (trace_depth > 0) trace_depth--;
}

int Dispatcher_callKernelBoxed(const OperatorEntry* op, const KernelFunction* k, DispatchKeySet ks,
                               IValue* args, IValue* rets) {
  if (!Dispatcher_verbose) return KernelFunction_callBoxed(k, op, ks, args, rets);
  Dispatcher_traceEnter(op, ks, k);
  int r = KernelFunction_callBoxed(k, op, ks, args, rets);
  Dispatcher_traceLeave();
  return r;
}

/* PyTorch 1.13: Dispatcher::callBoxed */
int Dispatcher_callBoxed(const OperatorEntry* op, IValue* args, IValue* rets) {
  DispatchKeySet ks = Dispatcher_computeDispatchKeySet(op, Dispatcher_tensorKeys(op, args));
  return Dispatcher_callKernelBoxed(op, OperatorEntry_lookup(op, ks), ks, args, rets);
}

/* PyTorch 1.13: Dispatcher::redispatchBoxed */
int Dispatcher_redispatchBoxed(const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                               IValue* rets) {
  ks = DispatchKeySet_and(ks, op->nonFallthroughKeys);
  return Dispatcher_callKernelBoxed(op, OperatorEntry_lookup(op, ks), ks, args, rets);
}
