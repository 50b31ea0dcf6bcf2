#!/bin/sh
# No leak and no memory error (valgrind --leak-check=full --error-exitcode=1)
# when minaten defines operators from YAML at run time, runs them (values.py:
# CPU, composite, autograd, lazy, errors), unloads them at exit, and when a
# file fails (cases/missing_symbol.yaml: refused after reading, nothing
# registered) or names an operator defined already (cases/duplicate.yaml).
# Usage: run_valgrind.sh VALGRIND MINATEN LIBMYOPS_KERNELS.so TEST_DIR
set -u
valgrind=$1 minaten=$2 lib=$3 dir=$4
cd "$dir" || exit 1
vg() { "$valgrind" --leak-check=full --error-exitcode=99 -q "$minaten" --load "$lib" --yaml myops.yaml "$@"; }
status=0
vg run values.py >/dev/null
[ $? -eq 0 ] || { echo "FAIL: values.py"; status=1; }
vg dispatch myops::cube >/dev/null
[ $? -eq 0 ] || { echo "FAIL: dispatch myops::cube"; status=1; }
for case in missing_symbol duplicate; do
  vg --yaml "cases/$case.yaml" ops >/dev/null 2>&1
  rc=$?
  [ $rc -eq 1 ] || { echo "FAIL: cases/$case.yaml: exit status $rc (99: valgrind's error)"; status=1; }
done
[ $status -eq 0 ] && echo ok
exit $status
