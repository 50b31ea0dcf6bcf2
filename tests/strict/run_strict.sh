#!/bin/sh
# One --strict case: `minaten --strict run NAME.py` in a scratch folder; its
# standard error must equal NAME.err (what python3 printed, recorded by
# record.py) byte for byte, and it exits 1 after an error (0 without one),
# as python3 does.  minaten, as python3, names the script by its absolute
# path (File "/path/to/cases/NAME.py"); the folder is removed before the
# comparison, as record.py removes it from python3's output.  (Under
# valgrind: strict.valgrind, tests/valgrind/run_scripts.sh --strict.)
# Usage: run_strict.sh MINATEN SCRATCH_DIR NAME.py...
set -u
minaten=$1 scratch=$2
shift 2
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failed=0
for script in "$@"; do
  expected="${script%.py}.err"
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
