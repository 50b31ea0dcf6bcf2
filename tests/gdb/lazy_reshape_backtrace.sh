#!/bin/sh
# A gdb batch session: break in the Lazy kernel when it records
# aten::view_copy while `minaten -c` reshapes a lazy tensor, and check that
# the backtrace shows, from the innermost frame out, the boxed Lazy kernel,
# the entry point at_view_copy, the Functionalize kernel of view (a lazy
# tensor is a functional wrapper, as in 1.13: its views reach the backend
# as *_copy operators), the entry point at_view, at_native_reshape (which
# takes its `view` branch because the tensor is lazy), the dispatcher, the
# bindings (csrc/), CPython's eval loop and main.
# Usage: lazy_reshape_backtrace.sh path/to/minaten [path/to/tools/gdb/minaten.py]
exec "$(dirname "$0")/check_backtrace.sh" "$1" "${2:-}" 'LazyNativeFunctions_boxed if op == at_op_view_copy' \
  'a = torch.arange(6.).to("lazy").reshape(2, 3)' \
  ' LazyNativeFunctions_boxed ' ' at_view_copy ' ' Functionalize_view ' ' at_view ' ' at_native_reshape ' ' Dispatcher_callBoxed ' \
  ' THPBinding_vectorcall .*csrc/autograd/python_bindings\.c:' ' _PyEval_EvalFrameDefault ' \
  ' at tools/minaten/|tools/minaten/[a-z_/]+\.c:' ' main '
