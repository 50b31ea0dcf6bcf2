#!/bin/sh
# Runs one golden script and compares its output with NAME.golden exactly.
# Usage: run_golden.sh MINATEN SCRIPT.py [--update]
set -u
minaten=$1 script=$2
golden=${script%.py}.golden
opts=""
head -n 1 "$script" | grep -q '^# minaten --trace=dispatch' && opts="--trace=dispatch"
out=$("$minaten" $opts run "$script" 2>&1)
if [ "${3:-}" = "--update" ]; then
  printf '%s\n' "$out" > "$golden"
  exit 0
fi
printf '%s\n' "$out" | diff -u "$golden" - && exit 0
echo "golden output differs: $golden"
exit 1
