/*
 * OperatorEntry.c - computing an operator's dispatch table from its
 * registrations; see OperatorEntry.h.
 *
 * Note [Alias Dispatch Keys]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A kernel registered for an alias key serves a whole set of runtime keys:
 *
 *   CompositeExplicitAutograd -> the backend keys (CPU, Lazy, QuantizedCPU)
 *       and Undefined: "[default backend kernel]"
 *   CompositeExplicitAutogradNonFunctional -> the same but Lazy: a kernel
 *       that writes into an output it allocated (the generated default
 *       kernel of a structured operator, ops/StructuredDefault.c) is not
 *       used by backends that functionalize (1.13's
 *       non_functional_backend_dispatch_keyset drops XLA and Lazy), so a
 *       Lazy tensor reaches the Lazy kernel or the Lazy fallback instead
 *   CompositeImplicitAutograd -> the backend keys, Undefined AND the autograd
 *       keys: "[math kernel]".  Because it also fills the autograd keys, which
 *       rank above everything a backend has, a composite kernel such as
 *       reshape runs before the trace mode (Python) is reached: what the trace
 *       sees is what reshape decomposed into.
 *   Autograd -> the autograd keys.
 *
 * Each runtime key's entry is chosen by the first rule that applies, in the
 * order of PyTorch 1.13's computeDispatchTableEntryWithDebug (torch/_ops.py's
 * resolve_key spells the same rules in Python):
 *   1. a kernel registered directly for the key                     [kernel]
 *   2. CompositeExplicitAutogradNonFunctional (backend keys but Lazy, and
 *      Undefined), then CompositeExplicitAutograd (backend keys and
 *      Undefined)                                                   [default backend kernel]
 *   3. CompositeImplicitAutograd, for backend keys and Undefined, and for an
 *      autograd key only when the backends it serves have no kernel of their
 *      own and there is no CompositeExplicitAutograd kernel          [math kernel]
 *   4. for an autograd key, a kernel registered for Autograd        [autograd kernel]
 *   5. the dispatcher's backend fallback for the key                [backend fallback]
 *   6. nothing: calling raises NotImplementedError (reportError).
 * So a direct backend kernel beats a composite one (clone on QuantizedCPU),
 * an explicit composite beats an implicit one, and an implicit composite
 * beats an Autograd kernel at an autograd key unless the backend has a kernel
 * of its own: an operator with a CompositeImplicitAutograd and an Autograd
 * kernel decomposes at AutogradCPU, while the same operator with a CPU kernel
 * too runs its Autograd kernel there.
 *
 * NB(minaten): PyTorch's "ambiguous autogradother" entry (an implicit kernel
 * plus a kernel for a backend served by AutogradOther) is not modelled.
 *
 * PyTorch 1.13: aten/src/ATen/core/dispatch/OperatorEntry.cpp
 */
#include "dispatch/OperatorEntry.h"

#include <stdio.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"

/* The missing-kernel entry: calling it reports the error. */
static int missing_kernel(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                          IValue* args, IValue* rets) {
  (void)kernel;
  (void)args;
  (void)rets;
  return OperatorEntry_reportError(op, DispatchKeySet_highestPriorityTypeId(ks));
}

/*
 * Note [Kernels of operator libraries]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A kernel an operator library registered (dispatch/Library.h) is not put in
 * the table as it is: the entry is this boxed bridge, which finds the
 * registration (tableRegistration of the key being dispatched), calls the
 * library's kernel through KernelFunction_callBoxed (libffi for an unboxed
 * kernel of an operator the library defined, as for any operator defined at
 * run time) and checks what it did.  A kernel
 * that fails must say why (the error indicator); one that returns NULL, or
 * -1, with no error set is a bug of that library, reported as such, naming
 * it, rather than an unexplained failure (or a crash) further up.  Generated
 * entry points call a table entry that has no unboxed function boxed, so
 * every call of a library kernel, unboxed callers included, passes here.
 */
static int library_kernel(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                          IValue* args, IValue* rets) {
  (void)kernel;
  const KernelRegistration* reg = op->tableRegistration[DispatchKeySet_highestPriorityTypeId(ks)];
  TORCH_INTERNAL_ASSERT(reg != NULL && reg->library != NULL);
  if (KernelFunction_callBoxed(&reg->kernel, op, ks, args, rets) == 0) return 0;
  if (!Error_occurred())
    Error_set(ErrorType_RuntimeError,
              "%s: internal error in operator library %s: its kernel %s (registered at %s:%d) "
              "failed without setting an error",
              op->qualified_name, reg->library, reg->kernel.name, reg->file, reg->line);
  return -1;
}

static bool is_autograd_key(DispatchKey k) {
  return DispatchKeySet_has(DispatchKeySet_autograd(), k);
}

static bool is_backend_or_undefined(DispatchKey k) {
  return k == DispatchKey_Undefined || DispatchKey_isBackend(k);
}

/* The backend keys an autograd key serves.
 * PyTorch 1.13: c10/core/DispatchKeySet.cpp getBackendKeySetFromAutograd */
static DispatchKeySet backends_of_autograd_key(DispatchKey k) {
  switch (k) {
    case DispatchKey_AutogradCPU:
      return DispatchKeySet_of(DispatchKey_CPU);
    case DispatchKey_AutogradLazy:
      return DispatchKeySet_of(DispatchKey_Lazy);
    case DispatchKey_AutogradMeta:
      return DispatchKeySet_of(DispatchKey_Meta);
    case DispatchKey_AutogradOther:
      return DispatchKeySet_of(DispatchKey_QuantizedCPU);
    default:
      return DispatchKeySet_empty();
  }
}

static bool has_kernel_for_any(const OperatorEntry* op, DispatchKeySet keys) {
  for (int k = 1; k < DispatchKey_NumRuntimeKeys; k++)
    if (DispatchKeySet_has(keys, (DispatchKey)k) && op->kernels[k].present) return true;
  return false;
}

/* PyTorch 1.13: OperatorEntry::computeDispatchTableEntryWithDebug */
static const KernelRegistration* compute_entry(const OperatorEntry* op, DispatchKey k,
                                               DispatchTableSource* source) {
  const KernelRegistration* direct = &op->kernels[k];
  if (direct->present) {
    *source = DispatchTableSource_Kernel;
    return direct;
  }
  if (is_backend_or_undefined(k)) {
    static const DispatchKey explicit_keys[] = {DispatchKey_CompositeExplicitAutogradNonFunctional,
                                                DispatchKey_CompositeExplicitAutograd};
    for (size_t i = 0; i < 2; i++) {
      /* NonFunctional stops short of Lazy (functionalized in 1.13) */
      if (explicit_keys[i] == DispatchKey_CompositeExplicitAutogradNonFunctional && k == DispatchKey_Lazy) continue;
      if (op->kernels[explicit_keys[i]].present) {
        *source = DispatchTableSource_DefaultBackendKernel;
        return &op->kernels[explicit_keys[i]];
      }
    }
  }
  const KernelRegistration* math = &op->kernels[DispatchKey_CompositeImplicitAutograd];
  if (math->present && (is_backend_or_undefined(k) || is_autograd_key(k))) {
    bool has_backend_kernel = has_kernel_for_any(op, backends_of_autograd_key(k)) ||
                              op->kernels[DispatchKey_CompositeExplicitAutograd].present;
    if (!is_autograd_key(k) || !has_backend_kernel) {
      *source = DispatchTableSource_MathKernel;
      return math;
    }
  }
  if (is_autograd_key(k) && op->kernels[DispatchKey_Autograd].present) {
    *source = DispatchTableSource_AutogradKernel;
    return &op->kernels[DispatchKey_Autograd];
  }
  const KernelRegistration* fallback = Dispatcher_backendFallback(k);
  if (fallback != NULL && fallback->present) {
    *source = DispatchTableSource_BackendFallback;
    return fallback;
  }
  *source = DispatchTableSource_Missing;
  return NULL;
}

/* PyTorch 1.13: OperatorEntry::updateDispatchTableFull_ */
void OperatorEntry_updateDispatchTable(OperatorEntry* op) {
  DispatchKeySet non_fallthrough = DispatchKeySet_full();
  for (int k = 0; k < DispatchKey_NumRuntimeKeys; k++) {
    DispatchTableSource source;
    const KernelRegistration* reg = compute_entry(op, (DispatchKey)k, &source);
    op->tableSource[k] = source;
    op->tableRegistration[k] = reg;
    if (reg == NULL) {
      op->dispatchTable[k] = KernelFunction_makeBoxed(missing_kernel, "missing kernel");
    } else if (reg->library != NULL && !reg->kernel.fallthrough) {
      op->dispatchTable[k] = KernelFunction_makeBoxed(library_kernel, reg->kernel.name);
    } else {
      op->dispatchTable[k] = reg->kernel;
      if (reg->kernel.fallthrough)
        non_fallthrough = DispatchKeySet_remove(non_fallthrough, DispatchKeySet_of((DispatchKey)k));
    }
  }
  op->nonFallthroughKeys = non_fallthrough;
}

const char* DispatchTableSource_name(DispatchTableSource s) {
  switch (s) {
    case DispatchTableSource_Kernel:
      return "kernel";
    case DispatchTableSource_DefaultBackendKernel:
      return "default backend kernel";
    case DispatchTableSource_MathKernel:
      return "math kernel";
    case DispatchTableSource_BackendFallback:
      return "backend fallback";
    case DispatchTableSource_AutogradKernel:
      return "autograd kernel";
    case DispatchTableSource_Missing:
      break;
  }
  return "no kernel";
}

/* PyTorch 1.13: OperatorEntry::dumpComputedTable */
void OperatorEntry_dumpComputedTable(const OperatorEntry* op, FILE* out) {
  for (int k = 0; k < DispatchKey_NumRuntimeKeys; k++) {
    const KernelRegistration* reg = op->tableRegistration[k];
    if (reg == NULL) continue;
    fprintf(out, "%s: %sregistered at %s:%d [%s]", DispatchKey_name((DispatchKey)k),
            reg->kernel.fallthrough ? "fallthrough " : "", reg->file, reg->line,
            DispatchTableSource_name(op->tableSource[k]));
    if (!reg->kernel.fallthrough) fprintf(out, " %s", reg->kernel.name);
    fputc('\n', out);
  }
}

/* PyTorch 1.13: OperatorEntry::reportError.  The message lists every key
 * with an entry (in priority order; fallbacks included, except a backend's
 * own fallback such as Lazy's eager one, which is no kernel of the
 * operator) and then the dump. */
int OperatorEntry_reportError(const OperatorEntry* op, DispatchKey k) {
  char available[512];
  char dump[1536];
  size_t n = 0;
  available[0] = '\0';
  for (int key = 1; key < DispatchKey_NumRuntimeKeys && n < sizeof available; key++) {
    if (op->tableSource[key] == DispatchTableSource_Missing) continue;
    if (op->tableSource[key] == DispatchTableSource_BackendFallback && DispatchKey_isBackend((DispatchKey)key))
      continue;
    n += (size_t)snprintf(available + n, sizeof available - n, "%s%s", n ? ", " : "",
                          DispatchKey_name((DispatchKey)key));
  }
  dump[0] = '\0';
  FILE* f = fmemopen(dump, sizeof dump, "w");
  if (f != NULL) {
    OperatorEntry_dumpComputedTable(op, f);
    fclose(f);
  }
  Error_set(ErrorType_NotImplementedError,
            "Could not run '%s' with arguments from the '%s' backend. This could be because the "
            "operator doesn't exist for this backend, or was omitted during the selective/custom "
            "build process (if using custom build). If you are a Facebook employee using PyTorch "
            "on mobile, please visit https://fburl.com/ptmfixes for possible resolutions. '%s' "
            "is only available for these backends: [%s].\n\n%s",
            op->qualified_name, DispatchKey_name(k), op->qualified_name, available, dump);
  return -1;
}
