#!/bin/sh
# One --strict case: `minaten --strict run NAME.py` in a scratch folder; its
# standard error must equal NAME.err (what python3 printed, recorded by
# record.py) byte for byte, and it exits 1 after an error (0 without one),
# as python3 does.  minaten, as python3, names the script by its absolute
# path (File "/path/to/cases/NAME.py"); the folder is removed before the
# comparison, as record.py removes it from python3's output.  With --valgrind VALGRIND first: under valgrind, which must
# find no error and no leak (stderr is then not compared).
# Usage: run_strict.sh [--valgrind VALGRIND] MINATEN SCRATCH_DIR NAME.py...
set -u
valgrind=""
if [ "$1" = "--valgrind" ]; then valgrind=$2; shift 2; fi
minaten=$1 scratch=$2
shift 2
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failed=0
for script in "$@"; do
  expected="${script%.py}.err"
  if [ -n "$valgrind" ]; then
    "$valgrind" -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
      --show-leak-kinds=definite,indirect --log-file=valgrind.txt "$minaten" --strict run "$script" \
      >/dev/null 2>&1
    if [ $? -eq 99 ]; then
      echo "FAIL $script"
      head -n 40 valgrind.txt
      failed=$((failed + 1))
    fi
    continue
  fi
  "$minaten" --strict run "$script" >stdout.txt 2>stderr.raw
  rc=$?
  folder=$(cd "$(dirname "$script")" && pwd)
  # record.py's python_stderr: 'File "FOLDER/' and 'in file FOLDER/' lose the folder
  FOLDER="$folder" python3 -c '
import os, sys
folder = os.environ["FOLDER"]
text = open("stderr.raw", encoding="utf-8", errors="surrogateescape").read()
text = text.replace("File \"%s/" % folder, "File \"").replace("in file %s/" % folder, "in file ")
open("stderr.txt", "w", encoding="utf-8", errors="surrogateescape").write(text)'
  want=0
  [ -s "$expected" ] && want=1
  if [ $rc -ne $want ] || ! cmp -s "$expected" stderr.txt; then
    echo "FAIL $script (exit status $rc, expected $want)"
    diff "$expected" stderr.txt | head -n 40
    failed=$((failed + 1))
  fi
done
[ $failed -eq 0 ]
