/*
 * TraceMode.h - `trace_on()` / `trace_off()`: print every operator call that
 * reaches the backend level, as a TorchDispatchMode in PyTorch sees it.
 *
 * The mode is a dispatch key (`Python`, where PyTorch keeps the key behind
 * TorchDispatchMode) with a boxed fallback.  Turning the mode on adds the key
 * to the thread-local included set, so every call dispatches through it: the
 * fallback prints `op aten::transpose.int` and redispatches below its key with
 * the key excluded, so the calls the kernel makes are not printed (PyTorch
 * likewise disables the mode while __torch_dispatch__ runs).  Composite
 * implicit kernels run at the autograd keys, above this key, so the trace
 * shows what they decompose into, never the composite operator itself.
 *
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp pythonFallback,
 * torch/utils/_python_dispatch.py TorchDispatchMode
 */
#ifndef MINATEN_DISPATCH_TRACEMODE_H
#define MINATEN_DISPATCH_TRACEMODE_H

#include <stdbool.h>
#include <stdio.h>

#include "dispatch/KernelFunction.h"

/* Turns the mode on or off for this thread (trace_on() / trace_off()). */
void TraceMode_setEnabled(bool enabled);
bool TraceMode_isEnabled(void);
/* True while the mode would see a call: its key is included and not
 * excluded (inside the mode's own fallback it is excluded).
 * PyTorch 1.13: c10/core/impl/TorchDispatchModeTLS.h get_state, with
 * tls_is_dispatch_key_excluded(DispatchKey::Python) */
bool TraceMode_isActive(void);
/* Prints one trace line, `op <qualified name>`, as the fallback does. */
void TraceMode_printOp(const char* qualified_name);
/* Prints the line of a call to op. */
void TraceMode_printCall(const OperatorEntry* op);
/* Where the trace lines go (stdout by default). */
void TraceMode_setOutput(FILE* out);

/* The trace mode's part of the Python key's fallback (dispatch/PythonFallbackKernel.h). */
int TraceMode_pythonFallback(const KernelFunction* kernel, const OperatorEntry* op,
                             DispatchKeySet ks, IValue* args, IValue* rets);

#endif
