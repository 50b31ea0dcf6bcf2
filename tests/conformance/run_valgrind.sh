#!/bin/sh
# Every conformance script under valgrind, in a scratch folder: any memory
# error or definite/indirect leak fails (outputs are not compared here).
# Usage: run_valgrind.sh VALGRIND MINATEN SCRATCH_DIR SCRIPT.py...
set -u
valgrind=$1 minaten=$2 scratch=$3
shift 3
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
cd "$scratch" || exit 1
failed=0
for script in "$@"; do
  if ! "$valgrind" -q --error-exitcode=99 --leak-check=full \
       --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
       "$minaten" run "$script" >/dev/null 2>valgrind.txt; then
    echo "FAIL $script"
    head -n 40 valgrind.txt
    failed=$((failed + 1))
  fi
done
echo "$(($# - failed)) passed, $failed failed"
[ $failed -eq 0 ]
