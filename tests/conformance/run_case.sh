#!/bin/sh
# One conformance case: run SCRIPT.py with minaten (in the script's folder)
# and compare with SCRIPT.out, recorded from real PyTorch by tools/oracle.
# Usage: run_case.sh MINATEN PYTHON COMPARE SCRIPT.py ACTUAL_OUT
set -u
minaten=$1 python=$2 compare=$3 script=$4 actual=$5
mkdir -p "$(dirname "$actual")"
(cd "$(dirname "$script")" && "$minaten" run "$(basename "$script")") >"$actual" 2>&1
rc=$?
[ $rc -eq 0 ] || { echo "minaten exited with status $rc"; cat "$actual"; exit 1; }
exec "$python" "$compare" "${script%.py}.out" "$actual"
