#!/bin/sh
# tools/codegen under valgrind: on the good multi-file run and on every
# malformed case, no definite or indirect leak and no memory error.
# Usage: run_valgrind.sh VALGRIND CODEGEN SOURCE_ROOT CASES_DIR -- good.yaml...
set -u
valgrind=$1 codegen=$2 root=$3 cases=$4
shift 4
[ "$1" = "--" ] && shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
# 99 is valgrind's verdict; codegen itself exits 0 or 1.
run() {
  "$valgrind" -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    "$codegen" --source-root "$root" --output-dir "$out/gen" "$@" >"$out/log" 2>&1
  rc=$?
  if [ $rc -eq 99 ]; then
    echo "FAIL: valgrind on $*"
    cat "$out/log"
    status=1
  fi
  return $rc
}
run "$@" || { [ $status -eq 0 ] && { echo "FAIL: the good run failed"; cat "$out/log"; status=1; }; }
for case in "$cases"/*.yaml; do
  pre=${case%.yaml}.pre
  if [ -f "$pre" ]; then run "$pre" "$case"; else run "$case"; fi
  [ $? -eq 1 ] || [ $status -ne 0 ] || { echo "FAIL: $case did not fail"; status=1; }
done
[ $status -eq 0 ] && echo "PASS"
exit $status
