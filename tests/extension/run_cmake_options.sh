#!/bin/sh
# The extension operator through the CMake options a reader uses for an
# operator of their own: a scratch build tree configured with
#   -DMINATEN_EXTRA_YAML=tests/extension/extension_ops.yaml
#   -DMINATEN_EXTRA_SOURCES=tests/extension/sum_to_size.c
# (relative paths: they start at the source root) must build an ordinary
# `minaten` that has the operator: sum_to_size.py prints what PyTorch printed.
# Usage: run_cmake_options.sh CMAKE SOURCE_ROOT SCRATCH_DIR PYTHON
set -eu
cmake=$1 root=$2 scratch=$3 python=$4
"$cmake" -S "$root" -B "$scratch" -DCMAKE_BUILD_TYPE=Debug \
  -DMINATEN_EXTRA_YAML=tests/extension/extension_ops.yaml \
  -DMINATEN_EXTRA_SOURCES=tests/extension/sum_to_size.c >"$scratch.configure.log" 2>&1 ||
  { cat "$scratch.configure.log"; exit 1; }
"$cmake" --build "$scratch" --target minaten -j2 >"$scratch.build.log" 2>&1 ||
  { tail -n 30 "$scratch.build.log"; exit 1; }
grep -q 'at_native_sum_to_size' "$scratch/generated/NativeFunctions.h"
"$scratch/minaten" run "$root/tests/extension/sum_to_size.py" >"$scratch.actual" 2>/dev/null
"$python" "$root/tools/oracle/compare.py" "$root/tests/extension/sum_to_size.out" "$scratch.actual"
