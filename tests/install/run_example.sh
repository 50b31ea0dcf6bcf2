#!/bin/sh
# examples/custom_op, built out of tree against an installed minaten, both
# ways its files say, and loaded by the installed minaten:
#   1. `cmake --install BUILD --prefix SCRATCH/prefix`;
#   2. (a) its CMake project (find_package(minaten), minaten::extension), (b) a
#      plain `cc -shared -fPIC custom_op.c $(pkg-config --cflags --libs minaten-extension)`;
#      neither library needs libminaten.so.0 (no DT_NEEDED, as the example's
#      files promise: its calls bind to the loading program's copy);
#   3. for each, PREFIX/bin/minaten runs demo.py in the folder that holds
#      libcustom_op.so, with no LD_LIBRARY_PATH, and tools/oracle/compare.py checks its output against
#      demo.out (recorded from PyTorch 1.13 with the same library written for
#      it: examples/custom_op/torch/custom_op.cpp, which tools/oracle/record.py builds).
# Usage: run_example.sh CMAKE BUILD_DIR SCRATCH_DIR PYTHON SOURCE_DIR
set -eu
cmake=$1 build=$2 scratch=$3 python=$4 source=$5
example=$source/examples/custom_op
prefix=$scratch/prefix
rm -rf "$scratch"
mkdir -p "$scratch/cc"
fail() { echo "custom_op: $*" >&2; exit 1; }
"$cmake" --install "$build" --prefix "$prefix" >"$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; exit 1; }

# 2. (a)
"$cmake" -S "$example" -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$prefix" >"$scratch/cmake.log" 2>&1 &&
  "$cmake" --build "$scratch/cmake" >>"$scratch/cmake.log" 2>&1 || { cat "$scratch/cmake.log"; fail "the CMake build failed"; }
# (b)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -shared -fPIC "$example/custom_op.c" $(pkg-config --cflags --libs minaten-extension) \
  -o "$scratch/cc/libcustom_op.so" || fail "cc with pkg-config failed"

# 3.
for dir in "$scratch/cmake" "$scratch/cc"; do
  [ -f "$dir/libcustom_op.so" ] || fail "no $dir/libcustom_op.so"
  if readelf -d "$dir/libcustom_op.so" | grep -q 'NEEDED.*libminaten'; then
    fail "$dir/libcustom_op.so needs libminaten.so.0"
  fi
  (cd "$dir" && env -u LD_LIBRARY_PATH "$prefix/bin/minaten" run "$example/demo.py" >demo.actual 2>demo.err) ||
    fail "minaten failed in $dir: $(cat "$dir/demo.err")"
  "$python" "$source/tools/oracle/compare.py" "$example/demo.out" "$dir/demo.actual" || fail "$dir: output differs"
done
echo "custom_op: ok (CMake and pkg-config builds)"
