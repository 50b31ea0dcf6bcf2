#!/bin/sh
# The library scripts and 1,000 load/unload cycles under valgrind, in a scratch
# folder holding the libraries: any memory error or definite/indirect leak fails.
# The scripts run in one minaten process (tests/valgrind/run_scripts.sh, the
# command after the fourth argument, which names the failing script).
# Usage: run_valgrind.sh VALGRIND LOAD_CYCLES LIBRARY_DIR SCRATCH_DIR RUN_SCRIPTS_COMMAND...
#   VALGRIND: build/tests/valgrind/valgrind (tests/valgrind/valgrind.in)
set -u
valgrind=$1 cycles=$2 libdir=$3 scratch=$4
shift 4
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
ln -s "$libdir"/lib*.so "$scratch"/ || exit 1
failed=0
"$@" || failed=1
cd "$scratch" || exit 1
if ! "$valgrind" "$cycles" 1000 "$scratch" >/dev/null 2>load_cycles.txt; then
  echo "FAIL load_cycles 1000"
  head -n 40 load_cycles.txt
  failed=1
fi
[ $failed -eq 0 ] && echo "load_cycles: no error, no leak"
exit $failed
