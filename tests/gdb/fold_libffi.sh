#!/bin/sh
# The frame filter on an operator library's kernel, which a boxed call
# reaches through libffi (no debug information): `bt` shows libffi's frames
# as one, `ffi_call [libffi, N frames]`, `minaten fold off` shows each.
# Usage: fold_libffi.sh path/to/minaten path/to/tools/gdb/minaten.py path/to/libcustom_op.so
MINATEN_OPTIONS="--load $3" exec "$(dirname "$0")/check_session.sh" "$1" "$2" \
  'torch.ops.custom.cube(torch.ones(2))' \
  'set breakpoint pending on' 'break cube_cpu' run 'bt 6' 'minaten fold off' 'bt 6' 'minaten fold on' \
  'minaten fold maybe' \
  -- \
  '^Breakpoint 1, cube_cpu ' \
  '^#[0-9]+ +0x[0-9a-f]+ in ffi_call \[libffi, [0-9] frames\] \(\)$' ' call_unboxed_from_boxed ' \
  '^#[0-9]+ +0x[0-9a-f]+ in \?\? \(\) from .*libffi' ' ffi_call \(\) from .*libffi' ' call_unboxed_from_boxed ' \
  '^usage: minaten fold on\|off$'
