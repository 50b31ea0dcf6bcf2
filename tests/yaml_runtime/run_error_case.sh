#!/bin/sh
# A malformed YAML file given to --yaml (after myops.yaml, whose operators
# exist then) must make minaten exit 1 before running anything, with exactly
# cases/CASE.err on stderr (`cases/CASE.yaml:LINE:COL: message`) and nothing
# on stdout.
# Usage: run_error_case.sh MINATEN LIBMYOPS_KERNELS.so TEST_DIR CASE
set -u
minaten=$1 lib=$2 dir=$3 case=$4
cd "$dir" || exit 1
scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT
"$minaten" --load "$lib" --yaml myops.yaml --yaml "cases/$case.yaml" -c 'print("ran")' \
  >"$scratch/out" 2>"$scratch/err"
rc=$?
status=0
[ "$rc" -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; status=1; }
[ -s "$scratch/out" ] && { echo "FAIL: wrote on stdout:"; cat "$scratch/out"; status=1; }
diff -u "cases/$case.err" "$scratch/err" || status=1
[ $status -eq 0 ] && echo "PASS: $(cat "$scratch/err")"
exit $status
