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

/* Whether a tensor argument (or one in a tensor list) has the Python key:
 * a __torch_dispatch__ subclass's (Note [Wrapper subclasses] in
 * csrc/autograd/python_variable_wrapper_subclass.c). */
static bool has_python_tensor(const OperatorEntry* op, const IValue* args) {
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    if (args[i].tag == IValueTag_Tensor && DispatchKeySet_has(args[i].u.tensor->key_set, DispatchKey_Python))
      return true;
    if (args[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&args[i]);
      for (size_t k = 0; k < l.size; k++)
        if (l.data[k] != NULL && DispatchKeySet_has(l.data[k]->key_set, DispatchKey_Python)) return true;
    }
  }
  return false;
}

int pythonFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                   IValue* rets) {
  if (TorchDispatchModeTLS_stack_len() > 0 && interpreter_dispatch != NULL) return interpreter_dispatch(op, args, rets);
  bool subclass = interpreter_dispatch != NULL && has_python_tensor(op, args);
  if (TraceMode_isEnabled() && !subclass) return TraceMode_pythonFallback(kernel, op, ks, args, rets);
  if (subclass) {
    /* the trace mode sees the call first, then, off while the subclass's
     * __torch_dispatch__ runs, as a mode is popped while its handler runs */
    bool trace = TraceMode_isEnabled();
    if (trace) {
      TraceMode_printCall(op);
      TraceMode_setEnabled(false);
    }
    int r = interpreter_dispatch(op, args, rets);
    if (trace) TraceMode_setEnabled(true);
    return r;
  }
  /* the key is in the set and nothing wants the call: run it below */
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)), args,
                                     rets);
  DispatchKeyGuard_pop(guard);
  return r;
}

int pythonTLSSnapshotFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                              IValue* rets) {
  (void)kernel;
  return Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_PythonTLSSnapshot)),
                                    args, rets);
}
