/*
 * PythonFallbackKernel.c - the Python key's fallback; see Note [The Python
 * key] in PythonFallbackKernel.h.
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "dispatch/PythonFallbackKernel.h"

#include "dispatch/Dispatcher.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

static PyInterpreter_dispatch_fn interpreter_dispatch = NULL;

void PyInterpreter_setDispatch(PyInterpreter_dispatch_fn dispatch) { interpreter_dispatch = dispatch; }

int pythonFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                   IValue* rets) {
  if (TorchDispatchModeTLS_stack_len() > 0 && interpreter_dispatch != NULL) return interpreter_dispatch(op, args, rets);
  if (TraceMode_isEnabled()) return TraceMode_pythonFallback(kernel, op, ks, args, rets);
  /* the key is in the set and nothing wants the call: run it below */
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)), args,
                                     rets);
  DispatchKeyGuard_pop(guard);
  return r;
}
