#!/bin/sh
# --help on stdout, exit 0, naming nothing outside the repository; unknown
# options, commands and missing arguments: the usage on stderr, exit 2.
# Usage: usage.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$minaten" --help >help.out 2>help.err || fail "--help: exit status $?"
[ -s help.err ] && fail "--help wrote on stderr"
grep -q '^usage: minaten' help.out || fail "--help has no usage line"
grep -q 'docs/torch-api.md' help.out || fail "--help does not point to docs/torch-api.md"
grep -q '\.\./' help.out && fail "--help points outside the repository: $(grep '\.\./' help.out)"
for word in 'run FILE.py' 'run -' '-c CODE' 'ops \[PATTERN\]' 'dispatch' '--trace=dispatch' '--strict' 'Ctrl-D' 'Ctrl-C'; do
  grep -q -e "$word" help.out || fail "--help does not mention $word"
done
"$minaten" -h | cmp -s - help.out || fail "-h differs from --help"

for args in "--bogus" "frobnicate" "run" "-c" "dispatch" "ops a b" "run a.py b.py"; do
  # shellcheck disable=SC2086
  "$minaten" $args >bad.out 2>bad.err </dev/null
  [ $? -eq 2 ] || fail "minaten $args: exit status not 2"
  [ -s bad.out ] && fail "minaten $args wrote on stdout"
  grep -q '^usage: minaten' bad.err || fail "minaten $args: no usage on stderr"
done
echo ok
