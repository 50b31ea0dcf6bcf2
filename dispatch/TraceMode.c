/*
 * TraceMode.c - the trace mode's key and fallback; see TraceMode.h.
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "dispatch/TraceMode.h"

#include <string.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "runtime/LocalDispatchKeySet.h"

static FILE* trace_output = NULL;
static _Thread_local bool trace_enabled = false;

/* The Python key stays included while a TorchDispatchMode is entered
 * (Note [The Python key] in PythonFallbackKernel.h). */
void TraceMode_setEnabled(bool enabled) {
  trace_enabled = enabled;
  TorchDispatchModeTLS_updateIncludedKeys();
}

bool TraceMode_isEnabled(void) { return trace_enabled; }

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
void TraceMode_printCall(const OperatorEntry* op) { TraceMode_printOp(op->qualified_name); }

int TraceMode_pythonFallback(const KernelFunction* kernel, const OperatorEntry* op,
                             DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  TraceMode_printCall(op);
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)),
                                     args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}
