/*
 * Dispatcher.c - the operator registry and the boxed call path; see Dispatcher.h.
 *
 * The registry is a uthash table keyed by qualified name plus an array in
 * registration order.  It is consulted when operators are registered and
 * when the Python bindings resolve a name; generated entry points hold their
 * OperatorEntry in a global (at_op_reshape) and never look anything up.
 *
 * PyTorch 1.13: aten/src/ATen/core/dispatch/Dispatcher.cpp
 */
#include "dispatch/Dispatcher.h"

#include <stdlib.h>
#include <string.h>

#include "dispatch/DispatchGraph.h"
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

static void update_all_tables(void) {
  for (OperatorEntry* op = operators_by_name; op != NULL; op = op->hh.next)
    OperatorEntry_updateDispatchTable(op);
}

/* Records which argument positions carry tensors and tensor options; the
 * schema has at most kDispatchArgumentsMax arguments (Dispatcher_registerDef). */
static void index_arguments(OperatorEntry* op) {
  TORCH_INTERNAL_ASSERT(op->schema.num_arguments <= kDispatchArgumentsMax);
  op->num_tensor_args = 0;
  op->dtype_arg_index = -1;
  op->device_arg_index = -1;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const Argument* a = &op->schema.arguments[i];
    if (a->type.base == SchemaBaseType_Tensor)
      op->tensor_arg_index[op->num_tensor_args++] = (uint8_t)i;
    if (a->type.base == SchemaBaseType_ScalarType && strcmp(a->name, "dtype") == 0)
      op->dtype_arg_index = (int)i;
    if (a->type.base == SchemaBaseType_Device && strcmp(a->name, "device") == 0)
      op->device_arg_index = (int)i;
  }
}

static unsigned registration_ids = 0;
static unsigned long long registry_generation = 0;

/* Finds the entry for a name, defined or not, or makes a schema-less one
 * (kept in the hash only: the ordered list holds defined operators).
 * PyTorch 1.13: Dispatcher::findOrRegisterName_ */
static OperatorEntry* find_or_register_name(const char* qualified_name) {
  OperatorEntry* op = Dispatcher_findOp(qualified_name);
  if (op != NULL) return op;
  op = calloc(1, sizeof *op);
  TORCH_INTERNAL_ASSERT(op != NULL);
  snprintf(op->qualified_name, sizeof op->qualified_name, "%s", qualified_name);
  op->debug = strdup("");
  op->dtype_arg_index = op->device_arg_index = -1;
  OperatorEntry_updateDispatchTable(op);
  HASH_ADD_STR(operators_by_name, qualified_name, op);
  return op;
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
  /* PyTorch 1.13: DispatchKeyExtractor::makeBitsetForDispatchArgs */
  if (schema.num_arguments > kDispatchArgumentsMax) {
    Error_set(ErrorType_RuntimeError,
              "The function schema has %zu arguments but this PyTorch build only supports %d",
              schema.num_arguments, (int)kDispatchArgumentsMax);
    FunctionSchema_free(&schema);
    return NULL;
  }
  char name[sizeof ((OperatorEntry*)0)->qualified_name];
  FunctionSchema_qualifiedName(&schema, name, sizeof name);
  OperatorEntry* op = find_or_register_name(name);
  if (op->schema_text != NULL) {
    FunctionSchema_free(&schema);
    return op;
  }
  op->schema = schema;
  op->schema_text = strdup(schema_text);
  free(op->debug);
  op->debug = strdup(debug ? debug : "");
  index_arguments(op);
  KernelFunction_prepareFfi(op);
  OperatorEntry_updateDispatchTable(op);

  if (num_operators == cap_operators) {
    cap_operators = cap_operators ? 2 * cap_operators : 64;
    operators_in_order = realloc(operators_in_order, cap_operators * sizeof *operators_in_order);
    TORCH_INTERNAL_ASSERT(operators_in_order != NULL);
  }
  operators_in_order[num_operators++] = op;
  registry_generation++;
  return op;
}

/* PyTorch 1.13: Dispatcher::deregisterDef_ */
void Dispatcher_deregisterDef(OperatorEntry* op) {
  if (op->schema_text == NULL) return;
  size_t i = 0;
  while (i < num_operators && operators_in_order[i] != op) i++;
  if (i < num_operators) {
    memmove(&operators_in_order[i], &operators_in_order[i + 1],
            (num_operators - i - 1) * sizeof *operators_in_order);
    num_operators--;
  }
  KernelFunction_freeFfi(op);
  FunctionSchema_free(&op->schema);
  memset(&op->schema, 0, sizeof op->schema);
  free(op->schema_text);
  op->schema_text = NULL;
  free(op->debug);
  op->debug = strdup("");
  op->num_tensor_args = 0;
  op->dtype_arg_index = op->device_arg_index = -1;
  op->structured_delegate = NULL;
  OperatorEntry_updateDispatchTable(op);
  registry_generation++;
}

unsigned long long Dispatcher_generation(void) { return registry_generation; }

/* PyTorch 1.13: Dispatcher::registerImpl */
int Dispatcher_registerImpl(OperatorEntry* op, DispatchKey key, KernelFunction kernel,
                            const char* file, int line) {
  return Dispatcher_registerLibraryImpl(op, key, kernel, file, line, NULL);
}

/* PyTorch 1.13: Dispatcher::registerImpl, OperatorEntry::registerKernel */
int Dispatcher_registerLibraryImpl(OperatorEntry* op, DispatchKey key, KernelFunction kernel,
                                   const char* file, int line, const char* library) {
  TORCH_INTERNAL_ASSERT(key < DispatchKey_EndOfAliasKeys && key != DispatchKey_NumRuntimeKeys);
  KernelRegistration* reg = &op->kernels[key];
  if (reg->present) {
    /* 1.13 warns and overrides; the previous kernel is kept, shadowed, and
     * comes back when this one is deregistered. */
    bool defined = op->schema_text != NULL;
    bool qualified = defined && strstr(op->schema_text, "::") != NULL;
    Warning_warn("Overriding a previously registered kernel for the same operator and the same "
                 "dispatch key\n  operator: %s%s%s\n    %s%s\n  dispatch key: %s\n  previous kernel: "
                 "registered at %s:%d\n       new kernel: registered at %s:%d",
                 defined && !qualified ? op->schema.ns : "", defined && !qualified ? "::" : "",
                 defined ? op->schema_text : op->qualified_name, defined ? "registered at " : "",
                 defined ? op->debug : "no debug info", DispatchKey_name(key), reg->file, reg->line,
                 file, line);
    KernelRegistration* shadowed = malloc(sizeof *shadowed);
    TORCH_INTERNAL_ASSERT(shadowed != NULL);
    *shadowed = *reg;
    reg->next = shadowed;
  } else {
    reg->next = NULL;
  }
  reg->present = true;
  reg->kernel = kernel;
  reg->file = file;
  reg->line = line;
  reg->library = library;
  reg->id = ++registration_ids;
  OperatorEntry_updateDispatchTable(op);
  return (int)reg->id;
}

/* PyTorch 1.13: Dispatcher::deregisterImpl_, OperatorEntry::deregisterKernel_ */
void Dispatcher_deregisterImpl(OperatorEntry* op, DispatchKey key, int id) {
  KernelRegistration* active = &op->kernels[key];
  if (!active->present) return;
  if (active->id == (unsigned)id) {
    KernelRegistration* previous = active->next;
    if (previous != NULL) {
      *active = *previous;
      free(previous);
    } else {
      memset(active, 0, sizeof *active);
    }
  } else {
    for (KernelRegistration** link = &active->next; *link != NULL; link = &(*link)->next) {
      if ((*link)->id != (unsigned)id) continue;
      KernelRegistration* gone = *link;
      *link = gone->next;
      free(gone);
      break;
    }
  }
  OperatorEntry_updateDispatchTable(op);
}

OperatorEntry* Dispatcher_registerName(const char* qualified_name) {
  return find_or_register_name(qualified_name);
}

/* PyTorch 1.13: Dispatcher::registerFallback */
void Dispatcher_registerFallback(DispatchKey key, KernelFunction kernel, const char* file,
                                 int line) {
  TORCH_INTERNAL_ASSERT(key < DispatchKey_NumRuntimeKeys);
  KernelRegistration reg = {true, kernel, file, line, NULL, ++registration_ids, NULL};
  backend_fallbacks[key] = reg;
  update_all_tables();
}

void Dispatcher_deregisterFallback(DispatchKey key) {
  TORCH_INTERNAL_ASSERT(key < DispatchKey_NumRuntimeKeys);
  memset(&backend_fallbacks[key], 0, sizeof backend_fallbacks[key]);
  update_all_tables();
}

const KernelRegistration* Dispatcher_backendFallback(DispatchKey key) {
  return key < DispatchKey_NumRuntimeKeys ? &backend_fallbacks[key] : NULL;
}

/* PyTorch 1.13: Dispatcher::findSchema */
OperatorEntry* Dispatcher_findSchema(const char* qualified_name) {
  OperatorEntry* op = Dispatcher_findOp(qualified_name);
  return op != NULL && op->schema_text != NULL ? op : NULL;
}

/* PyTorch 1.13: Dispatcher::findOp */
OperatorEntry* Dispatcher_findOp(const char* qualified_name) {
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
    for (int k = 0; k < DispatchKey_EndOfAliasKeys; k++) {
      KernelRegistration* shadowed = op->kernels[k].next;
      while (shadowed != NULL) {
        KernelRegistration* next = shadowed->next;
        free(shadowed);
        shadowed = next;
      }
    }
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
  if (DispatchGraph_recording) DispatchGraph_enter(op, key, k);
}

void Dispatcher_traceLeave(void) {
  if (trace_depth > 0) trace_depth--;
  if (DispatchGraph_recording) DispatchGraph_leave();
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
