/*
 * Dispatcher.h - the operator registry and the call path.
 *
 * Operators are registered by schema string (the generated Register*.c files
 * do it at start-up, from the YAML) and found by qualified name
 * ("aten::add.Tensor") in a uthash table: only at registration or when the
 * interpreter resolves a name, never per call.  A call:
 *
 *   1. computes the key set: tensors' keys | tls.included, minus tls.excluded,
 *      masked by the operator's non-fallthrough keys;
 *   2. takes the highest key's table entry;
 *   3. calls it unboxed (generated entry points) or boxed (interpreter,
 *      fallbacks; generated code, or libffi, bridges to unboxed kernels).
 * A kernel may redispatch: call again with a key set restricted to keys below
 * its own (Dispatcher_redispatchBoxed).
 *
 * PyTorch 1.13: ATen/core/dispatch/Dispatcher.h
 */
#ifndef MINATEN_DISPATCH_DISPATCHER_H
#define MINATEN_DISPATCH_DISPATCHER_H

#include <stdbool.h>
#include <stdio.h>

#include "runtime/LocalDispatchKeySet.h"
#include "dispatch/OperatorEntry.h"

/* A call path's rare branch, compiled as a function of its own so that the
 * common one needs no stack frame (the generated entry points' boxed path).
 * Not `cold`: GCC then keeps the frame for the branch that calls it.  GCC's
 * noipa also keeps identical bodies (most boxed paths) from being merged
 * into one, whose name a backtrace would then show for every operator. */
#if defined(__clang__)
#define MINATEN_COLD __attribute__((noinline))
#else
#define MINATEN_COLD __attribute__((noinline, noipa))
#endif

/* --trace=dispatch: print every hop.  Checked once per call (one load). */
extern bool Dispatcher_verbose;

/*
 * Registers an operator from its schema string and returns its entry (the
 * existing one if the same qualified name was defined before: a library's
 * def, which refuses that, checks first; see dispatch/Library.c).  `debug`
 * is where the schema came from ("yaml/native_functions.yaml:4240").
 * Returns NULL with a RuntimeError if the schema does not parse, or if it
 * has more than kDispatchArgumentsMax (64) arguments, 1.13's limit
 * ("The function schema has 65 arguments but this PyTorch build only
 * supports 64"): every tensor among them takes part in dispatch.
 * PyTorch 1.13: Dispatcher::registerDef
 */
OperatorEntry* Dispatcher_registerDef(const char* schema_text, const char* debug);
/* Undoes a def: the operator loses its schema and leaves the ordered list
 * (its kernels stay, for an impl registered by another library).  The entry
 * itself lives until Dispatcher_cleanup, so a pointer to it never dangles.
 * PyTorch 1.13: Dispatcher::deregisterDef_ */
void Dispatcher_deregisterDef(OperatorEntry* op);
/* The entry for a qualified name, made schema-less if there is none, for an
 * impl that comes before its def (or without one: 1.13 allows it).
 * PyTorch 1.13: Dispatcher::registerName */
OperatorEntry* Dispatcher_registerName(const char* qualified_name);

/* Registers a kernel for a runtime or alias key. `file`/`line` is where the
 * registration happened (shown by the dump).  If the key has a kernel
 * already, it is kept, shadowed, and the new one is active: 1.13 warns
 * ("Overriding a previously registered kernel ...") and does the same.
 * Returns the registration's id (> 0), for Dispatcher_deregisterImpl.
 * PyTorch 1.13: Dispatcher::registerImpl */
int Dispatcher_registerImpl(OperatorEntry* op, DispatchKey key, KernelFunction kernel,
                            const char* file, int line);
/* Dispatcher_registerImpl for a kernel of an operator library (`library`
 * names it, "libmyops.so"): see Note [Kernels of operator libraries] in
 * OperatorEntry.c. */
int Dispatcher_registerLibraryImpl(OperatorEntry* op, DispatchKey key, KernelFunction kernel,
                                   const char* file, int line, const char* library);
/* Removes registration `id` of `key`; if it was the active one, the kernel
 * it shadowed is active again.  PyTorch 1.13: Dispatcher::deregisterImpl_ */
void Dispatcher_deregisterImpl(OperatorEntry* op, DispatchKey key, int id);

/* Registers a boxed (or fallthrough) kernel serving every operator for a
 * runtime key that has no kernel of its own.
 * PyTorch 1.13: Dispatcher::registerFallback */
void Dispatcher_registerFallback(DispatchKey key, KernelFunction kernel, const char* file,
                                 int line);
/* PyTorch 1.13: Dispatcher::deregisterFallback_ */
void Dispatcher_deregisterFallback(DispatchKey key);
const KernelRegistration* Dispatcher_backendFallback(DispatchKey key);

/* Finds a defined operator by "ns::name" or "ns::name.overload"; NULL if
 * none (no error set).  PyTorch 1.13: Dispatcher::findSchema */
OperatorEntry* Dispatcher_findSchema(const char* qualified_name);
/* The same, but also an operator that has kernels and no schema.
 * PyTorch 1.13: Dispatcher::findOp */
OperatorEntry* Dispatcher_findOp(const char* qualified_name);
/* Moves when an operator is defined or undefined: a cache of the ordered
 * list (the Python bindings' name lookups) is stale when it moved. */
unsigned long long Dispatcher_generation(void);

/* Operators in registration order (for `minaten ops` and name resolution). */
size_t Dispatcher_numOperators(void);
OperatorEntry* Dispatcher_operator(size_t i);

/* Registers the fallbacks every operator shares: fallthrough at
 * BackendSelect, ADInplaceOrView and the autograd keys (until minaten has
 * autograd), and the trace mode at Python.  Called by at_register_all(). */
void Dispatcher_registerStandardFallbacks(void);

/* Registers every operator of the YAML and its kernels (generated:
 * RegisterAll.c).  Returns 0, or -1 with the error indicator set. */
int at_register_all(void);

/* Frees every operator (at exit, so valgrind sees no leak). */
void Dispatcher_cleanup(void);

/* Step 1 of a call.  PyTorch 1.13: DispatchKeyExtractor computeDispatchKeySet */
static inline DispatchKeySet Dispatcher_computeDispatchKeySet(const OperatorEntry* op,
                                                              DispatchKeySet tensor_keys) {
  LocalDispatchKeySet local = tls_local_dispatch_key_set;
  DispatchKeySet ks = DispatchKeySet_or(tensor_keys, local.included);
  ks = DispatchKeySet_remove(ks, local.excluded);
  return DispatchKeySet_and(ks, op->nonFallthroughKeys);
}

/* The key set of the tensors among boxed arguments. */
DispatchKeySet Dispatcher_tensorKeys(const OperatorEntry* op, const IValue* args);
/* The union of the key sets of a tensor list (entries may be NULL). */
DispatchKeySet DispatchKeySet_ofTensorList(TensorList l);

/*
 * Calls `op` with boxed arguments (all of the schema's arguments, borrowed)
 * and receives its returns into rets (owned by the caller).  Returns 0 or -1.
 * PyTorch 1.13: Dispatcher::callBoxed
 */
int Dispatcher_callBoxed(const OperatorEntry* op, IValue* args, IValue* rets);
/* Calls the kernel below `ks`'s highest key... precisely: dispatches on
 * `ks & op->nonFallthroughKeys` with no thread-local adjustment.
 * PyTorch 1.13: Dispatcher::redispatchBoxed */
int Dispatcher_redispatchBoxed(const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                               IValue* rets);
/* Calls a kernel already looked up for `ks`, boxed, printing the hop when
 * Dispatcher_verbose is set.  Generated entry points use it for kernels
 * without an unboxed function. */
int Dispatcher_callKernelBoxed(const OperatorEntry* op, const KernelFunction* k,
                               DispatchKeySet ks, IValue* args, IValue* rets);

/* The verbose hop trace: a line per hop, indented by depth.  Entry points call
 * Enter before running a kernel unboxed and Leave after. */
void Dispatcher_traceEnter(const OperatorEntry* op, DispatchKeySet ks, const KernelFunction* k);
void Dispatcher_traceLeave(void);

#endif
