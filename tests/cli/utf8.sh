#!/bin/sh
# A script that is not valid UTF-8 does not run, whichever way it comes in
# (tools/minaten/main.c): `run FILE` with or without --strict and `run -`
# print python3's SyntaxError on stderr and nothing on stdout, exit status 1
# (the file case's exact words are the recorded tests/strict/cases/utf8_*.err);
# `-c` prints python3's "Unable to decode the command" error.
# Usage: utf8.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
printf 'print("never printed")\nx = "\303\251"\ny = 1\n\303A = 2\n' >bad.py
msg="SyntaxError: Non-UTF-8 code starting with '\\xc3' in file %s on line 4, but no encoding declared; see https://peps.python.org/pep-0263/ for details"

"$minaten" run bad.py >out.txt 2>err.txt
[ $? -eq 1 ] || fail "run bad.py: exit status not 1"
[ -s out.txt ] && fail "run bad.py ran something: $(cat out.txt)"
# python3 names the file by its absolute path (as `python3 bad.py` does)
[ "$(cat err.txt)" = "$(printf "$msg" "$PWD/bad.py")" ] || fail "run bad.py: $(cat err.txt)"

"$minaten" --strict run bad.py >out.txt 2>strict.txt
[ $? -eq 1 ] || fail "--strict run bad.py: exit status not 1"
cmp -s err.txt strict.txt || fail "--strict run bad.py: $(cat strict.txt)"

"$minaten" run - <bad.py >out.txt 2>err.txt
[ $? -eq 1 ] || fail "run -: exit status not 1"
[ -s out.txt ] && fail "run - ran something: $(cat out.txt)"
[ "$(cat err.txt)" = "$(printf "$msg" '<stdin>')" ] || fail "run -: $(cat err.txt)"

# -c: "日" is one character, so the bad byte (U+DCC3 once escaped) is at position 8
"$minaten" -c "$(printf 'print("\346\227\245\303")')" >out.txt 2>err.txt
[ $? -eq 1 ] || fail "-c: exit status not 1"
[ -s out.txt ] && fail "-c ran something: $(cat out.txt)"
[ "$(cat err.txt)" = "Unable to decode the command from the command line:
UnicodeEncodeError: 'utf-8' codec can't encode character '\\udcc3' in position 8: surrogates not allowed" ] ||
  fail "-c: $(cat err.txt)"

# valid UTF-8 runs: code points, not bytes
"$minaten" -c "$(printf 'print(len("h\303\251llo"), "\346\227\245\346\234\254"[1])')" >out.txt 2>err.txt ||
  fail "-c valid: exit status $?"
[ "$(cat out.txt)" = "$(printf '5 \346\234\254')" ] || fail "-c valid: $(cat out.txt) $(cat err.txt)"
echo ok
