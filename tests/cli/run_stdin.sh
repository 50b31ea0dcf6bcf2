#!/bin/sh
# Standard input as the script: `minaten run -`, and `minaten` with no
# arguments when stdin is not a terminal, must print what `run FILE` prints;
# empty stdin runs nothing and exits 0.
# Usage: run_stdin.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

cat >script.py <<'PY'
import torch
x = torch.ones(2, 3)
print(x.sum())
x.nope()
print(x.view(3, 2))
PY
"$minaten" run script.py >file.out 2>file.err || fail "run script.py: exit status $?"
grep -q "AttributeError" file.out || fail "run script.py did not report the failing line: $(cat file.out)"

"$minaten" run - <script.py >dash.out 2>dash.err || fail "run -: exit status $?"
cmp -s file.out dash.out || fail "run - printed something else than run FILE:
$(diff file.out dash.out)"

"$minaten" <script.py >none.out 2>none.err || fail "minaten <script.py: exit status $?"
cmp -s file.out none.out || fail "minaten <script.py printed something else than run FILE:
$(diff file.out none.out)"
cat script.py | "$minaten" >pipe.out 2>pipe.err || fail "cat script.py | minaten: exit status $?"
cmp -s file.out pipe.out || fail "a pipe into minaten printed something else than run FILE"
[ -s pipe.err ] && fail "a pipe into minaten wrote on stderr (a prompt or banner?): $(cat pipe.err)"

# --strict applies to stdin too: exit status 1 at the failing line.
"$minaten" --strict run - <script.py >strict.out 2>&1
[ $? -eq 1 ] || fail "--strict run -: exit status not 1"

for cmd in "run -" ""; do
  # shellcheck disable=SC2086
  "$minaten" $cmd </dev/null >empty.out 2>&1 || fail "minaten $cmd </dev/null: exit status $?"
  [ -s empty.out ] && fail "minaten $cmd </dev/null printed: $(cat empty.out)"
done

# An unreadable script: python3's message and exit status 2.
"$minaten" run no-such-file.py >missing.out 2>&1
[ $? -eq 2 ] || fail "run no-such-file.py: exit status not 2"
grep -q "^minaten: can't open file '.*/no-such-file.py': \[Errno 2\] No such file or directory$" missing.out ||
  fail "run no-such-file.py: $(cat missing.out)"
echo ok
