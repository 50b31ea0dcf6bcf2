#!/bin/sh
# One conformance case: minaten runs SCRIPT.py in a scratch folder (under the
# build tree) and tools/oracle/compare.py checks its standard output against
# SCRIPT.out, recorded from real PyTorch by tools/oracle/record.py.
# Usage: run_case.sh MINATEN PYTHON COMPARE SCRIPT.py SCRATCH_DIR
set -u
minaten=$1 python=$2 compare=$3 script=$4 scratch=$5
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
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
