#!/bin/sh
# The library scripts and 1,000 load/unload cycles under valgrind, in a scratch
# folder holding the libraries: any memory error or definite/indirect leak fails.
# Usage: run_valgrind.sh VALGRIND MINATEN LOAD_CYCLES LIBRARY_DIR SCRATCH_DIR SCRIPT.py...
set -u
valgrind=$1 minaten=$2 cycles=$3 libdir=$4 scratch=$5
shift 5
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
ln -s "$libdir"/lib*.so "$scratch"/ || exit 1
cd "$scratch" || exit 1
failed=0
check() {
  if ! "$valgrind" -q --error-exitcode=99 --leak-check=full \
       --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
       "$@" >/dev/null 2>valgrind.txt; then
    echo "FAIL $*"
    head -n 40 valgrind.txt
    failed=$((failed + 1))
  fi
}
for script in "$@"; do check "$minaten" run "$script"; done
check "$cycles" 1000 "$scratch"
echo "$(($# + 1 - failed)) passed, $failed failed"
[ $failed -eq 0 ]
