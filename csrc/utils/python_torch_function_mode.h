/*
 * python_torch_function_mode.h - the thread's __torch_function__ state:
 * whether __torch_function__ is disabled (torch._C.DisableTorchFunction),
 * the one C "mode" (while a TorchFunctionMode is entered, an instance of
 * torch.overrides._TorchFunctionStackMode), and the stack of the modes a
 * user entered (`with LoggingMode():`).
 *
 * Note [Two levels of Python overrides]
 *
 * __torch_function__ and __torch_dispatch__ both hand a call to Python,
 * at two different places:
 *
 *   torch.add(x, y) / x + y / x.shape
 *     -> the Python binding (csrc/autograd/python_bindings.c): the
 *        arguments are parsed; a tensor subclass, or any object, whose
 *        class has a __torch_function__ other than
 *        torch._C._disabled_torch_function_impl, or an entered
 *        TorchFunctionMode, sends the call to
 *        __torch_function__(func, types, args, kwargs) with func the public
 *        API function (torch.add, torch.Tensor.add,
 *        torch.Tensor.shape.__get__), before anything reaches the
 *        dispatcher (csrc/utils/handle_torch_function.c);
 *     -> the dispatcher: Autograd, ADInplaceOrView, ...
 *     -> the Python key (dispatch/PythonFallbackKernel.c): a
 *        TorchDispatchMode or a __torch_dispatch__ subclass receives the
 *        aten operator (aten.add.Tensor), below autograd;
 *     -> the kernel.
 *
 * So a TorchFunctionMode sees `x.T`, `torch.Tensor.__repr__` and the
 * functions written in Python (Tensor.norm, Tensor.__rsub__), each once;
 * a TorchDispatchMode sees the aten operators they end in.
 *
 * The mode stack: as in 1.13, the C side knows one mode at a time.
 * torch.overrides._push_mode sets it to a _TorchFunctionStackMode when the
 * first mode is entered; a call that finds it set unsets it while the
 * mode's __torch_function__ runs (StashTorchFunctionModeGuard), and the
 * _TorchFunctionStackMode pops the user's top mode for the call, so that
 * calls made by a mode's handler go to the mode below it.
 *
 * NB(minaten): 1.13 keeps this state in ATen (at::impl::PythonTorchFunctionTLS)
 * and carries it to the autograd engine's threads in ThreadLocalState;
 * minaten's engine runs on the caller's thread, and the state is the
 * Python layer's, here.
 *
 * Conventions: CPython's; the mode and the stack hold references.
 *
 * PyTorch 1.13: aten/src/ATen/PythonTorchFunctionTLS.h, .cpp;
 * torch/csrc/utils/python_torch_function_mode.h (StashTorchFunctionModeGuard);
 * torch/csrc/autograd/init.cpp (_set_torch_function_mode,
 * _push_on_torch_function_stack, _pop_torch_function_stack,
 * _get_function_stack_at, _len_torch_function_stack,
 * _is_torch_function_mode_enabled)
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_TORCH_FUNCTION_MODE_H
#define MINATEN_CSRC_UTILS_PYTHON_TORCH_FUNCTION_MODE_H

#include "csrc/python_headers.h"

#include <stdbool.h>
#include <stdint.h>

/* PyTorch 1.13: at::impl::PythonTorchFunctionTLS */
typedef struct PythonTorchFunctionTLS {
  bool disabled;     /* torch._C.DisableTorchFunction entered */
  PyObject* mode;    /* the C mode (a _TorchFunctionStackMode), or NULL */
  PyObject** stack;  /* the user's modes, bottom first */
  int64_t stack_len, stack_cap;
} PythonTorchFunctionTLS;

extern _Thread_local PythonTorchFunctionTLS tls_torch_function __attribute__((tls_model("initial-exec")));

/* Whether __torch_function__ overrides of arguments are looked at (not
 * inside DisableTorchFunction).  PyTorch 1.13: torch::torch_function_enabled */
static inline bool torch_function_enabled(void) { return !tls_torch_function.disabled; }

/* Whether a TorchFunctionMode is entered (DisableTorchFunction does not
 * hide it, in 1.13 neither).  PyTorch 1.13: at::impl::function_mode_enabled */
static inline bool torch_function_mode_enabled(void) { return tls_torch_function.mode != NULL; }

/* StashTorchFunctionModeGuard: the mode is taken out (returned, the
 * reference handed over) and put back, replacing whatever was set in
 * between.  PyTorch 1.13: python_torch_function_mode.h */
PyObject* StashTorchFunctionModeGuard_enter(void);
void StashTorchFunctionModeGuard_exit(PyObject* old_mode);

/* Adds the mode stack's functions to torch._C: 0, or -1. */
int THPTorchFunctionMode_init(PyObject* module);

#endif
