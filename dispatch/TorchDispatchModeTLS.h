/*
 * TorchDispatchModeTLS.h - the stack of TorchDispatchModes entered on this
 * thread.
 *
 * `with LoggingMode():` pushes the mode object here (torch._C.
 * _push_on_torch_dispatch_stack); while the stack is not empty the Python
 * key is in the thread's included set, so every operator call reaches the
 * Python key's fallback (dispatch/PythonFallbackKernel.h), which hands it to
 * the mode on top.  That mode is popped while its __torch_dispatch__ runs,
 * so the calls its handler makes go to the mode below it, or, with none
 * left, past the Python key to the kernels; it is pushed back after.
 *
 * The dispatcher is C and knows nothing of Python: a mode is an opaque
 * pointer (a PyObject the Python layer holds a reference to for as long as
 * it is on the stack; the stack itself never touches the reference count).
 *
 * PyTorch 1.13: c10/core/impl/TorchDispatchModeTLS.h, .cpp (push_onto_stack,
 * pop_stack, get_stack_at, stack_len)
 */
#ifndef MINATEN_DISPATCH_TORCHDISPATCHMODETLS_H
#define MINATEN_DISPATCH_TORCHDISPATCHMODETLS_H

#include <stdbool.h>
#include <stdint.h>

/* Pushes mode; the Python key is included from then on.  0, or -1 with
 * the error set (out of memory). */
int TorchDispatchModeTLS_push_onto_stack(void* mode);
/* Pops the top mode and returns it, or NULL when the stack is empty; the
 * Python key is no longer included when none is left (and the trace mode
 * is off). */
void* TorchDispatchModeTLS_pop_stack(void);
/* The mode at position idx, 0 the bottom; NULL out of range. */
void* TorchDispatchModeTLS_get_stack_at(int64_t idx);
int64_t TorchDispatchModeTLS_stack_len(void);

/* Puts Python in the thread's included keys while a mode is entered or
 * the trace mode is on, and PythonTLSSnapshot while a mode is entered; the
 * one place that rule is written (the stack and TraceMode_setEnabled call it). */
void TorchDispatchModeTLS_updateIncludedKeys(void);

/* Whether a mode would see this thread's calls: a TorchDispatchMode
 * entered, or the trace mode on (at::isTensorSubclassLike is then true for
 * every tensor, and backward formulas take their out-of-place forms).
 * PyTorch 1.13: c10/core/impl/TorchDispatchModeTLS.h dispatch_mode_enabled */
bool dispatch_mode_enabled(void);

#endif
