#!/bin/sh
# The reshape walk in a plain python3 (docs/debugging.md, "In a plain
# python3"): gdb on PYTHON running a script that does `import minaten as
# torch`, with PYTHONPATH=BUILD_DIR/python and the extension sourced before
# `run`.  Checks that
#   - `break at_native_reshape` is pending until minaten._C's library is
#     loaded, then stops there;
#   - `minaten break aten::_reshape_alias`, given before `run`, waits for
#     the module and is set when PyInit__C has registered the operators;
#   - the backtrace runs from the kernel through the dispatcher and the
#     bindings (csrc/autograd/python_bindings.c: the binding object CPython
#     calls for Tensor.reshape) to CPython's eval loop and python3's main;
#   - `minaten tensor` reads a tensor from its Tensor* and from its Python
#     object (a PyObject* argument of the binding);
#   - `py-bt` shows the script's line, where Debian's python3.11-dbg
#     provides the command (otherwise that check is skipped, and said so).
# Usage: python3_backtrace.sh PYTHON BUILD_DIR path/to/tools/gdb/minaten.py
set -u
PYTHON=$1 BUILD=$2 EXTENSION=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/reshape.py" <<'PY'
import minaten as torch
a = torch.arange(24.)
b = a.reshape(2, 3, 4)
PY
out=$dir/gdb.log
PYTHONPATH=$BUILD/python gdb -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off' \
  -ex 'set breakpoint pending on' -ex "source $EXTENSION" -ex 'break at_native_reshape' \
  -ex 'minaten break aten::_reshape_alias' -ex run -ex bt -ex 'minaten tensor self' \
  -ex 'frame function THPBinding_vectorcall' -ex 'minaten tensor args[0]' -ex 'minaten tensor callable' \
  -ex py-bt -ex continue -ex 'bt 1' -ex kill --args "$PYTHON" "$dir/reshape.py" >"$out" 2>&1
cat "$out"

fail() { echo "FAIL: $*"; exit 1; }
from=1
for pattern in '^Breakpoint 1 \(at_native_reshape\) pending\.$' \
  '^minaten break aten::_reshape_alias CPU: the program has not started; done when minaten._C starts' \
  '^Breakpoint 2 at 0x[0-9a-f]+: file ops/TensorShape\.c, line [0-9]+\.$' \
  '^aten::_reshape_alias at CPU: at_native__reshape_alias$' \
  '^Breakpoint 1, at_native_reshape \(self=0x[0-9a-f]+ Tensor\(\[24\], stride=\[1\], Float, cpu\), proposed_shape=\[2, 3, 4\]\) at ops/TensorShape\.c:' \
  '^#0  at_native_reshape ' \
  '^Tensor 0x[0-9a-f]+: sizes \[24\], strides \[1\], storage offset 0, Float, cpu, contiguous' \
  '^#[0-9]+ +0x[0-9a-f]+ in THPBinding_vectorcall ' \
  '^Tensor 0x[0-9a-f]+: sizes \[24\], strides \[1\], storage offset 0, Float, cpu, contiguous' \
  "^callable is a Python object that is not a tensor \(its type is torch\._C\._OperatorBinding\)$" \
  '^Breakpoint 2, at_native__reshape_alias \(self=0x[0-9a-f]+ Tensor\(\[24\]'; do
  line=$(tail -n "+$from" "$out" | grep -nE -- "$pattern" | head -n 1 | cut -d: -f1)
  [ -n "$line" ] || fail "no line matching '$pattern' after line $((from - 1))"
  from=$((from + line))
  echo "line $((from - 1)): $pattern"
done

# the backtrace at at_native_reshape, from the innermost frame out
prev=-1
for pattern in ' at_native_reshape .*ops/TensorShape\.c:' ' at_reshape_boxed_from_unboxed ' ' Dispatcher_callBoxed ' \
  ' dispatch_overload .*csrc/autograd/python_bindings\.c:' ' binding_call .*csrc/autograd/python_bindings\.c:' \
  ' THPBinding_vectorcall .*csrc/autograd/python_bindings\.c:' ' _PyEval_EvalFrameDefault ' ' Py_BytesMain '; do
  frame=$(sed -n '/^#0  at_native_reshape /,/^Tensor /p' "$out" | grep -E "^#[0-9]+ " | grep -E -- "$pattern" \
    | head -n 1 | sed -E 's/^#([0-9]+) .*/\1/')
  echo "frame of '$pattern': ${frame:-missing}"
  [ -n "$frame" ] || fail "a frame is missing from the backtrace"
  [ "$frame" -gt "$prev" ] || fail "frames out of order"
  prev=$frame
done

if grep -q 'Undefined command: "py-bt"' "$out"; then
  echo "SKIP py-bt: gdb has no py-bt here (Debian's python3.11-dbg provides it)"
else
  grep -qE '^    b = a\.reshape\(2, 3, 4\)$' "$out" || fail "py-bt does not show the script's line"
  echo "py-bt shows the script's line"
fi
if grep -qE "Python Exception" "$out"; then fail "a Python exception in the session"; fi
echo "PASS"
