#!/bin/sh
# Every conformance script under valgrind: any memory error or leak fails.
# Usage: run_valgrind.sh MINATEN SCRIPT.py...
set -u
minaten=$1
shift
failed=0
for script in "$@"; do
  if ! (cd "$(dirname "$script")" && valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
        "$minaten" run "$(basename "$script")" >/dev/null); then
    echo "valgrind: $script"
    failed=$((failed + 1))
  fi
done
echo "$(($# - failed)) passed, $failed failed"
[ $failed -eq 0 ]
