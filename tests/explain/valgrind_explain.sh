#!/bin/sh
# `minaten explain` on the cases given (tests/explain) under valgrind: any memory
# error or definite/indirect leak fails (outputs are checked by
# check_explain.py, not here).  The hooks it sets (computeStride_explain,
# Tensor_contiguousExplain) and the captured trace must leave nothing behind.
# Usage: valgrind_explain.sh VALGRIND MINATEN CASE.py...
#   VALGRIND: build/tests/valgrind/valgrind (tests/valgrind/valgrind.in)
set -u
valgrind=$1 minaten=$2
shift 2
failed=0
for script in "$@"; do
  line=$(grep -n '^trace_on()$' "$script" | cut -d: -f1)
  if ! "$valgrind" -q --error-exitcode=99 --leak-check=full \
       --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
       "$minaten" explain "$script:$((line + 1))" >/dev/null 2>valgrind.txt; then
    echo "FAIL $script"
    head -n 40 valgrind.txt
    failed=$((failed + 1))
  fi
done
echo "$(($# - failed)) passed, $failed failed"
[ $failed -eq 0 ]
