/*
 * OperatorEntry.h - one operator: its schema, its registered kernels and its
 * computed dispatch table.
 *
 * Registrations are kept per key, alias keys included (a kernel registered
 * for CompositeImplicitAutograd stays recorded under that alias key).  After
 * each registration the dispatch table (one KernelFunction per runtime key) is
 * recomputed from them and from the dispatcher's backend fallbacks; see Note
 * [Alias Dispatch Keys] in OperatorEntry.c for the precedence rules.
 * Lookups on the call path index the table by the highest key: no hashing.
 *
 * PyTorch 1.13: ATen/core/dispatch/OperatorEntry.h
 */
#ifndef MINATEN_DISPATCH_OPERATORENTRY_H
#define MINATEN_DISPATCH_OPERATORENTRY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <uthash.h>

#include "runtime/DispatchKeySet.h"
#include "dispatch/FunctionSchema.h"
#include "dispatch/KernelFunction.h"

/* Where a kernel came from, for `minaten dispatch OP`.  A key may have
 * several registrations: a later one overrides (shadows) the earlier ones
 * and, when it is removed (its library unloaded), the previous one is active
 * again.  The active one is stored in OperatorEntry.kernels[key]; `next`
 * leads to the shadowed ones, newest first.
 * PyTorch 1.13: OperatorEntry::kernels_ (a std::list per key, front active) */
typedef struct KernelRegistration {
  bool present;
  KernelFunction kernel;
  const char* file; /* "RegisterCPU.c" */
  int line;
  const char* library; /* the operator library that registered it; NULL: minaten's own */
  unsigned id;      /* names this registration for Dispatcher_deregisterImpl */
  struct KernelRegistration* next;
} KernelRegistration;

/* The most arguments an operator's schema may have: the dispatcher reads
 * the dispatch keys of every tensor argument among them.
 * PyTorch 1.13: c10::utils::bitset::NUM_BITS(), checked by
 * DispatchKeyExtractor::makeBitsetForDispatchArgs. */
enum { kDispatchArgumentsMax = 64 };

/* How a table entry was chosen: the words of PyTorch's dispatch dump. */
typedef enum DispatchTableSource {
  DispatchTableSource_Missing = 0,
  DispatchTableSource_Kernel,               /* "[kernel]" */
  DispatchTableSource_DefaultBackendKernel, /* "[default backend kernel]" */
  DispatchTableSource_MathKernel,           /* "[math kernel]" */
  DispatchTableSource_BackendFallback,      /* "[backend fallback]" */
  DispatchTableSource_AutogradKernel,       /* "[autograd kernel]" */
} DispatchTableSource;

/* The words of a source, which the dump and the dispatch trace show in
 * brackets: "kernel", "math kernel", ...; "no kernel" for Missing. */
const char* DispatchTableSource_name(DispatchTableSource s);

typedef struct OperatorEntry {
  char qualified_name[128]; /* "aten::add.Tensor"; the hash key */
  /* An operator exists from its first registration, a def or an impl: an
   * impl may come before the def (or without one, 1.13 allows it), and then
   * the entry has kernels but no schema: schema_text is NULL, and neither
   * Dispatcher_findSchema nor the Python bindings see it (`minaten dispatch`
   * does).  PyTorch 1.13: OperatorEntry::schema_ is a c10::optional. */
  FunctionSchema schema;
  char* schema_text;        /* as written in the YAML; NULL until defined */
  char* debug;              /* "yaml/native_functions.yaml:4240" */
  bool has_function_variant; /* `variants:` from the YAML (interpreter use) */
  bool has_method_variant;
  bool python_binding;      /* visible as torch.NAME / t.NAME (see Operators.c) */
  bool python_module_nn;    /* `python_module: nn`: torch._C._nn.NAME instead */
  const struct Library* library; /* the operator library that defined it; NULL: the YAML */

  /* Hot: read on every call. */
  DispatchKeySet nonFallthroughKeys;
  KernelFunction dispatchTable[DispatchKey_NumRuntimeKeys];

  /* Cold: registrations and provenance of each table entry. */
  KernelRegistration kernels[DispatchKey_EndOfAliasKeys];
  DispatchTableSource tableSource[DispatchKey_NumRuntimeKeys];
  const KernelRegistration* tableRegistration[DispatchKey_NumRuntimeKeys];

  /* Argument positions whose tensors decide the dispatch key (Tensor,
   * Tensor?, Tensor[]), precomputed for boxed calls: every one of them, as
   * a schema has at most kDispatchArgumentsMax arguments (Dispatcher_registerDef
   * refuses a longer one).  PyTorch 1.13: DispatchKeyExtractor's
   * dispatch_arg_indices_reverse_, a bitset over the arguments. */
  uint8_t tensor_arg_index[kDispatchArgumentsMax];
  int num_tensor_args;
  /* Positions of the tensor-options arguments `dtype` and `device` (-1 if
   * absent), for the BackendSelect kernel. */
  int dtype_arg_index;
  int device_arg_index;

  /* Calling its unboxed kernels from a boxed stack (KernelFunction.c):
   * the generated function, set by at_register_boxed_from_unboxed, or else
   * (an operator defined at run time) the prepared libffi call interface. */
  BoxedFromUnboxedFunction boxed_from_unboxed;
  void* ffi;

  /* `structured_delegate:` of the YAML: the out= operator this functional
   * or in-place operator's default kernel calls (ops/StructuredDefault.c);
   * NULL if none.  Set by the generated RegisterCompositeExplicitAutogradNonFunctional.c. */
  OperatorEntry* structured_delegate;
  /* The functional operator whose `autogen:` made this out= operator: the
   * one its CompositeExplicitAutograd kernel calls (ops/AutogenOut.c); NULL
   * if none.  Set by the generated RegisterCompositeExplicitAutograd.c. */
  OperatorEntry* autogen_functional;

  UT_hash_handle hh;
} OperatorEntry;

/* The kernel for a key set.  ks must already be masked by
 * nonFallthroughKeys (Dispatcher_computeDispatchKeySet does that).
 * PyTorch 1.13: OperatorEntry::lookup */
static inline const KernelFunction* OperatorEntry_lookup(const OperatorEntry* op,
                                                         DispatchKeySet ks) {
  return &op->dispatchTable[DispatchKeySet_highestPriorityTypeId(ks)];
}

/* Recomputes every table entry from the registrations and the fallbacks.
 * PyTorch 1.13: OperatorEntry::updateDispatchTableFull_ */
void OperatorEntry_updateDispatchTable(OperatorEntry* op);

/* Prints the table like torch._C._dispatch_dump_table: one line per key that
 * has an entry, "CPU: registered at RegisterCPU.c:12 [kernel]".
 * PyTorch 1.13: OperatorEntry::dumpComputedTable */
void OperatorEntry_dumpComputedTable(const OperatorEntry* op, FILE* out);

/* Sets NotImplementedError "Could not run 'aten::exp' with arguments from the
 * 'QuantizedCPU' backend. ..." and returns -1.
 * PyTorch 1.13: OperatorEntry::reportError */
int OperatorEntry_reportError(const OperatorEntry* op, DispatchKey k);

#endif
