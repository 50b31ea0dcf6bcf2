#!/bin/sh
# minaten --yaml on the command line: what `ops`, `dispatch`, the Lazy IR and
# the dispatch trace show of operators defined at run time, and the errors
# of the options themselves.  Each command's stdout and stderr (merged) and
# exit status are written after a `$ ` line, and the whole must equal
# cli.expected.  minaten-only behaviour: PyTorch 1.13 has no --yaml (the
# values are checked against 1.13 by yaml_runtime.values).
# Usage: run_cli.sh MINATEN LIBMYOPS_KERNELS.so TEST_DIR ACTUAL_FILE
set -u
minaten=$1 lib=$2 dir=$3 actual=$4
cd "$dir" || exit 1
scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT
# (the lines of C files, the generated RegisterLazy.c's and the fallbacks',
# move with every edit of them: not compared; the YAML lines are)
run() {
  echo "\$ minaten $*" | sed "s|$lib|libmyops_kernels.so|g"
  "$minaten" "$@" >"$scratch/out" 2>&1
  status=$?
  sed 's/\.c:[0-9]*/.c:LINE/g' "$scratch/out"
  echo "[exit status $status]"
}
# a usage error: its first two lines (the usage itself is cli.usage's)
run_usage() {
  echo "\$ minaten $*"
  "$minaten" "$@" >"$scratch/out" 2>&1
  status=$?
  head -n 2 "$scratch/out"
  echo "[exit status $status]"
}
{
  run --load "$lib" --yaml myops.yaml ops 'myops::*'
  run --load "$lib" --yaml myops.yaml dispatch myops::cube
  run --load "$lib" --yaml myops.yaml dispatch myops::twice
  run --load "$lib" --yaml myops.yaml dispatch myops::rectified
  run --load "$lib" --yaml myops.yaml -c "import torch; a = torch.tensor([1., 2.]); b = torch.ops.myops.cube(a.to('lazy')); lazy_ir(b); c = torch.ops.myops.twice(b); lazy_ir(c); print(c)"
  run --load "$lib" --yaml myops.yaml --trace=dispatch -c "import torch; torch.ops.myops.cube(torch.tensor([2.]))"
  run --yaml builtin_kernels.yaml -c "import torch; trace_on(); print(torch.ops.other.rectify(torch.tensor([-1., 2.]))); print(torch.ops.other.rectify(torch.quantize_per_tensor(torch.tensor([-1., 2.]), 0.5, 0, torch.quint8)))"
  run --yaml builtin_kernels.yaml dispatch other::rectify
  run --yaml compatible_kernels.yaml -c "import torch; x = torch.arange(6.).reshape(2, 3); print(torch.ops.other.swap(x)); print(torch.ops.other.pieces(x)); print(torch.ops.other.minus(x, x))"
  run --yaml builtin_kernels.yaml --yaml nonexistent.yaml ops other
  run_usage --yaml
  run_usage --yaml= ops
} > "$actual"
diff -u "$dir/cli.expected" "$actual" && echo ok
