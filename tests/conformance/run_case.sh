#!/bin/sh
# One conformance case: minaten runs SCRIPT.py in a scratch folder (under the
# build tree) and tools/oracle/compare.py checks its standard output against
# SCRIPT.out, recorded from real PyTorch by tools/oracle/record.py.
# With LIBRARY_DIR, the scratch folder also holds links to its lib*.so (the
# operator libraries of tests/library, which a script loads by a path
# relative to the current folder, as torch.ops.load_library does).
# EXPECTED, when set, names the recorded output instead of SCRIPT.out (a
# script recorded under another ATEN_CPU_CAPABILITY: SCRIPT.default.out).
# Usage: run_case.sh MINATEN PYTHON COMPARE SCRIPT.py SCRATCH_DIR [LIBRARY_DIR]
set -u
minaten=$1 python=$2 compare=$3 script=$4 scratch=$5 libdir=${6:-}
expected=${EXPECTED:-${script%.py}.out}
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
if [ -n "$libdir" ]; then ln -s "$libdir"/lib*.so "$scratch"/ || exit 1; fi
(cd "$scratch" && exec "$minaten" run "$script" >actual.out 2>stderr.txt)
rc=$?
if [ $rc -ne 0 ]; then
  echo "minaten exited with status $rc on $script"
  tail -n 20 "$scratch/actual.out" "$scratch/stderr.txt"
  exit 1
fi
# The same bytes match under every rule of compare.py: no python3 to start.
cmp -s "$expected" "$scratch/actual.out" && exit 0
"$python" "$compare" "$expected" "$scratch/actual.out" || {
  [ -s "$scratch/stderr.txt" ] && { echo "minaten's stderr:"; head -n 20 "$scratch/stderr.txt"; }
  exit 1
}
