#!/bin/sh
# A gdb batch session: `a + a` inside a TorchDispatchMode whose
# __torch_dispatch__ calls func again, with a breakpoint in add's impl
# function; the backtrace shows, from the innermost frame out: the impl
# function and the CPU kernel generated around it (Note [Structured
# kernels] in ops/Structured.h),
# the dispatcher's boxed call from torch.ops (the OpOverload the handler
# called: operation_call, csrc/jit/python/init.c), the handler's Python
# frame, the mode's re-entry in C (call_top_mode and concrete_dispatch_fn,
# csrc/utils/torch_dispatch_mode.c), the Python key's fallback
# (pythonFallback, dispatch/PythonFallbackKernel.c), the first call's
# entry point, its Autograd kernel, and the binding of `+` -- the C frames
# of a mode's round trip through Python (Note [The Python key]).
# Usage: mode_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
exec "$(dirname "$0")/check_backtrace.sh" "$1" "${2:-}" at_impl_add_out \
  'from torch.utils._python_dispatch import TorchDispatchMode
class Mode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
a = torch.ones(2)
with Mode():
    b = a + a' \
  ' at_impl_add_out .*ops/BinaryOps\.c:' ' wrapper_CPU_add_Tensor .*generated/RegisterCPU\.c:' \
  ' Dispatcher_callBoxed .*dispatch/Dispatcher\.c:' \
  ' operation_call .*csrc/jit/python/init\.c:' ' _PyEval_EvalFrameDefault ' \
  ' call_top_mode .*csrc/utils/torch_dispatch_mode\.c:' ' concrete_dispatch_fn .*csrc/utils/torch_dispatch_mode\.c:' \
  ' pythonFallback .*dispatch/PythonFallbackKernel\.c:' ' at_add_Tensor .*generated/Functions\.c:' \
  ' VariableType_add_Tensor .*generated/VariableType\.c:' ' THPBinding_call .*csrc/autograd/python_bindings\.c:' \
  ' main '
