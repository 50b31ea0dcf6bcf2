#!/bin/sh
# One library case: minaten runs SCRIPT.py in a scratch folder that holds the
# operator libraries built for the tests (so torch.ops.load_library("libmyops.so")
# finds them, as 1.13 does: relative to the current folder), and compare.py
# checks its output against SCRIPT.out (recorded from PyTorch 1.13 by record.sh).
# Usage: run_case.sh MINATEN LIBRARY_DIR SCRATCH_DIR PYTHON COMPARE SCRIPT.py
set -u
minaten=$1 libdir=$2 scratch=$3 python=$4 compare=$5 script=$6
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
ln -s "$libdir"/lib*.so "$scratch"/ || exit 1
(cd "$scratch" && exec "$minaten" run "$script" >actual.out 2>stderr.txt)
rc=$?
if [ $rc -ne 0 ]; then
  echo "minaten exited with status $rc on $script"
  tail -n 20 "$scratch/actual.out" "$scratch/stderr.txt"
  exit 1
fi
"$python" "$compare" "${script%.py}.out" "$scratch/actual.out" || {
  [ -s "$scratch/stderr.txt" ] && { echo "minaten's stderr:"; head -n 20 "$scratch/stderr.txt"; }
  exit 1
}
