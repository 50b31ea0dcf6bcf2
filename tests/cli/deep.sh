#!/bin/sh
# Expressions 100,000 deep (a flat sum, `a[0][0]...`, `f()()...`, `a.real.real...`,
# `1 ** 1 ** ...`, `1 and 1 and ...`) never overflow minaten's stack: each is
# refused by CPython's parser or compiler as python3 refuses it (RecursionError,
# or MemoryError for the parser's own stack), one error line each, and the
# next line runs.  `1 and 1 and ...` is one flat BoolOp in CPython's tree: it
# compiles and runs, as in python3 (6 refused of 7).
# Usage: deep.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
rep() { i=0; out=""; while [ $i -lt 1000 ]; do out="$out$1"; i=$((i + 1)); done; r=""; i=0; while [ $i -lt 100 ]; do r="$r$out"; i=$((i + 1)); done; printf '%s' "$r"; }
{
  echo 'a = [0]'
  echo 'def f():'
  echo '    return f'
  echo
  printf 'x = 1%s\n' "$(rep '+1')"
  printf 'a%s\n' "$(rep '[0]')"
  printf 'f%s\n' "$(rep '()')"
  printf 'a%s\n' "$(rep '.real')"
  printf 'x = 1%s\n' "$(rep '**1')"
  printf 'x = 1%s\n' "$(rep ' and 1')"
  printf 'x = 1%s\n' "$(rep '*1')"
  echo 'print("next line runs")'
} >deep.py
"$minaten" run deep.py >out.txt 2>err.txt || { echo "FAIL: exit status $?"; cat err.txt; exit 1; }
n=$(grep -c -E '^(RecursionError: maximum recursion depth exceeded during compilation|MemoryError: )' out.txt)
[ "$n" -eq 6 ] || { echo "FAIL: $n of 7 refused (python3 refuses 6):"; cut -c1-200 out.txt; exit 1; }
grep -q '^next line runs$' out.txt || { echo "FAIL: the next line did not run"; exit 1; }
echo ok
