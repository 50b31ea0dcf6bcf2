#!/bin/sh
# A gdb batch session: break in at_native__reshape_alias while `minaten -c`
# runs a reshape, and check that the backtrace shows, from the innermost frame
# out, the kernel, the ADInplaceOrView kernel that makes the result a view,
# the Autograd kernel, at_native_reshape (the CompositeImplicitAutograd kernel),
# the dispatcher, the bindings (csrc/: the binding object CPython calls for
# Tensor.reshape, which parses the arguments and calls the operator boxed),
# CPython's eval loop, the runner's call from main -- the walk a reader makes
# through PyTorch with `b at::native::reshape`.
# Usage: reshape_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
exec "$(dirname "$0")/check_backtrace.sh" "$1" "${2:-}" at_native__reshape_alias \
  'a = torch.arange(24.).reshape(2, 3, 4)' \
  ' at_native__reshape_alias ' ' at__reshape_alias ' ' ADInplaceOrView__reshape_alias ' \
  ' VariableType__reshape_alias ' ' at_native_reshape ' ' Dispatcher_callBoxed ' \
  ' dispatch_overload .*csrc/autograd/python_bindings\.c:' ' binding_call .*csrc/autograd/python_bindings\.c:' \
  ' THPBinding_vectorcall .*csrc/autograd/python_bindings\.c:' ' _PyEval_EvalFrameDefault ' \
  ' call_runner .*tools/minaten/main\.c:' ' main '
