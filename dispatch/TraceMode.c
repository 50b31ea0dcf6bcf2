/*
 * TraceMode.c - the trace mode's key and fallback; see TraceMode.h.
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "dispatch/TraceMode.h"

#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"

static FILE* trace_output = NULL;

void TraceMode_setEnabled(bool enabled) {
  tls_set_dispatch_key_included(DispatchKey_Python, enabled);
}

bool TraceMode_isEnabled(void) { return tls_is_dispatch_key_included(DispatchKey_Python); }

void TraceMode_setOutput(FILE* out) { trace_output = out; }

bool TraceMode_isActive(void) {
  LocalDispatchKeySet tls = tls_local_dispatch_key_set_get();
  return DispatchKeySet_has(tls.included, DispatchKey_Python) &&
         !DispatchKeySet_has(tls.excluded, DispatchKey_Python);
}

void TraceMode_printOp(const char* qualified_name) {
  fprintf(trace_output ? trace_output : stdout, "op %s\n", qualified_name);
}

/*
 * Prints `op aten::transpose.int` (the default overload without a suffix, as
 * the reference run prints str(func)), then runs the operator below the
 * Python key with the key excluded, so that what the kernel calls in turn is
 * not traced: PyTorch's mode is likewise popped while __torch_dispatch__ runs.
 * PyTorch 1.13: PythonFallbackKernel.cpp pythonFallback
 */
int TraceMode_pythonFallback(const KernelFunction* kernel, const OperatorEntry* op,
                             DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  TraceMode_printOp(op->qualified_name);
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)),
                                     args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}
