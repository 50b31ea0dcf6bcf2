#!/bin/sh
# Runs `minaten -c CODE` under gdb in batch mode with the extension loaded,
# gives it the gdb COMMANDs, prints the session, and checks that each
# PATTERN (an extended regular expression) matches a line of it, each on a
# later line than the one before; and that no Python traceback or
# "Python Exception" appeared (every bad input is one gdb error line).
# Usage: check_session.sh MINATEN EXTENSION CODE COMMAND... -- PATTERN...
# MINATEN_OPTIONS, when set, goes before -c (e.g. `--load lib.so`; split at spaces).
set -u
MINATEN=$1 EXTENSION=$2 CODE=$3
shift 3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
set -- "$@" "--end--"
# Turn the commands into -ex arguments, keeping the patterns after them.
n=0
while [ "$1" != "--" ]; do
  set -- "$@" -ex "$1"
  shift
  n=$((n + 1))
done
shift
# Now: PATTERN... --end-- -ex C1 -ex C2 ...; split them.
patterns=$(mktemp)
trap 'rm -f "$out" "$patterns"' EXIT
while [ "$1" != "--end--" ]; do
  printf '%s\n' "$1" >>"$patterns"
  shift
done
shift
gdb -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off' \
  -ex 'set filename-display basename' -ex "source $EXTENSION" "$@" -ex kill \
  --args "$MINATEN" ${MINATEN_OPTIONS:-} -c "$CODE" >"$out" 2>&1
cat "$out"

if grep -qE "Traceback|Python Exception" "$out"; then
  echo "FAIL: a Python traceback or exception in the session"
  exit 1
fi
from=1
while IFS= read -r pattern; do
  line=$(tail -n "+$from" "$out" | grep -nE -- "$pattern" | head -n 1 | cut -d: -f1)
  if [ -z "$line" ]; then
    echo "FAIL: no line matching '$pattern' after line $((from - 1))"
    exit 1
  fi
  from=$((from + line))
  echo "line $((from - 1)): $pattern"
done <"$patterns"
echo "PASS"
