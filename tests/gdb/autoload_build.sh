#!/bin/sh
# gdb auto-loads the extension for the build tree (cmake/gdb.cmake) once
# BUILD_DIR/gdb/auto-load is among its auto-load script directories and in
# its safe-path, with nothing sourced: for BUILD_DIR/minaten (loaded with
# the program) and for a python3 that imports minaten (loaded with
# BUILD_DIR/python/minaten/_C*.so).  Checks that
# each script was loaded (info auto-load) and that the printers and the
# `minaten` commands work at a kernel's breakpoint.
# Usage: autoload_build.sh PYTHON BUILD_DIR
set -u
PYTHON=$1 BUILD=$(cd "$2" && pwd -P)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
check() {  # LOG PATTERN...: each pattern matches a line of LOG
  log=$1
  shift
  for pattern in "$@"; do
    grep -qE -- "$pattern" "$log" || fail "no line matching '$pattern'"
  done
  if grep -qE "Traceback|Python Exception" "$log"; then fail "a Python traceback"; fi
}
printf 'import minaten as torch\nb = torch.tensor([4., 16.]).rsqrt()\n' >"$dir/rsqrt.py"

(cd "$dir" && gdb -nx -batch -iex 'set debuginfod enabled off' -iex "add-auto-load-safe-path $BUILD/gdb/auto-load" \
  -iex "add-auto-load-scripts-directory $BUILD/gdb/auto-load" -ex 'info auto-load python-scripts' -ex 'minaten break aten::rsqrt' -ex run -ex 'info args' \
  -ex 'minaten tensor self' -ex kill --args "$BUILD/minaten" run rsqrt.py) >"$dir/minaten.log" 2>&1
cat "$dir/minaten.log"
grep -q "auto-loading has been declined" "$dir/minaten.log" && fail "gdb declined a script"
check "$dir/minaten.log" "^Yes +$BUILD/gdb/auto-load$BUILD/minaten-gdb\.py" '^aten::rsqrt at CPU: wrapper_CPU_rsqrt$' \
  '^self = 0x[0-9a-f]+ Tensor\(\[2\], stride=\[1\], Float, cpu\)$' '^values: \[4\.0, 16\.0\]$'

(cd "$dir" && PYTHONPATH=$BUILD/python gdb -nx -batch -iex 'set debuginfod enabled off' \
  -iex "add-auto-load-safe-path $BUILD/gdb/auto-load" -iex "add-auto-load-scripts-directory $BUILD/gdb/auto-load" \
  -ex 'set breakpoint pending on' -ex 'break wrapper_CPU_rsqrt' -ex run \
  -ex 'info auto-load python-scripts' -ex 'info args' -ex 'minaten tensor self' -ex kill \
  --args "$PYTHON" rsqrt.py) >"$dir/python3.log" 2>&1
cat "$dir/python3.log"
check "$dir/python3.log" "^Yes +$BUILD/gdb/auto-load$BUILD/python/minaten/_C\.[^ ]*\.so-gdb\.py" \
  '^self = 0x[0-9a-f]+ Tensor\(\[2\], stride=\[1\], Float, cpu\)$' '^values: \[4\.0, 16\.0\]$'
echo "PASS"
