#!/bin/sh
# A malformed input must make tools/codegen exit 1, print the expected
# `file:line:col: message` (CASE.err) as its first stderr line, and write
# nothing.  If CASE.pre exists it is read first, as an earlier YAML file of
# the same run (errors that span files).
# Usage: run_error_case.sh CODEGEN SOURCE_ROOT CASE.yaml
set -u
codegen=$1 root=$2 case=$3
pre=${case%.yaml}.pre
set -- "$case"
[ -f "$pre" ] && set -- "$pre" "$case"
out=$(mktemp -d)
err=$("$codegen" --source-root "$root" --output-dir "$out/gen" "$@" 2>&1 >/dev/null)
rc=$?
expected=$(cat "${case%.yaml}.err")
first=$(printf '%s\n' "$err" | head -n 1)
status=0
[ "$rc" -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; status=1; }
[ "$first" = "$expected" ] || { printf 'FAIL:\n  expected: %s\n  got:      %s\n' "$expected" "$first"; status=1; }
[ ! -e "$out/gen" ] || { echo "FAIL: output was written"; status=1; }
rm -rf "$out"
[ $status -eq 0 ] && echo "PASS: $first"
exit $status
