#!/bin/sh
# `minaten ops [PATTERN]`: all schemas, a substring, a glob; no match says
# so on stderr (nothing on stdout) and exits 1.
# Usage: ops.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$minaten" ops >all.out || fail "ops: exit status $?"
grep -qx 'aten::add.Tensor(Tensor self, Tensor other, \*, Scalar alpha=1) -> Tensor' all.out ||
  fail "ops does not list aten::add.Tensor"
grep -q '^aten::reshape(' all.out || fail "ops does not list aten::reshape"

# A substring of the operator's name (not of the rest of the schema).
"$minaten" ops reshap >sub.out || fail "ops reshap: exit status $?"
grep -q '^aten::reshape(' sub.out || fail "ops reshap misses aten::reshape"
grep -v '^[a-z_]*::[a-z_.]*reshap' sub.out | grep -q . && fail "ops reshap lists: $(grep -v reshap sub.out)"
"$minaten" ops 'alpha' >alpha.out 2>/dev/null
[ $? -eq 1 ] && [ ! -s alpha.out ] || fail "ops alpha matched the arguments, not only the names"

# A glob, on the full name and on the name without its namespace.
"$minaten" ops 'aten::add.*' >glob.out || fail "ops 'aten::add.*': exit status $?"
grep -q '^aten::add.Tensor(' glob.out && grep -q '^aten::add.Scalar(' glob.out ||
  fail "ops 'aten::add.*' misses an overload: $(cat glob.out)"
grep -v '^aten::add\.' glob.out | grep -q . && fail "ops 'aten::add.*' lists more: $(cat glob.out)"
"$minaten" ops 'add.*' >bare.out || fail "ops 'add.*': exit status $?"
grep -q '^aten::add.Tensor(' bare.out || fail "ops 'add.*' (no namespace) misses aten::add.Tensor"
"$minaten" ops 'aten::re?hape' >q.out || fail "ops 'aten::re?hape': exit status $?"
[ "$(cut -d'(' -f1 q.out)" = "aten::reshape" ] || fail "ops 'aten::re?hape': $(cat q.out)"

# No match: one line on stderr, nothing on stdout, exit status 1.
"$minaten" ops no_such_operator >none.out 2>none.err
[ $? -eq 1 ] || fail "ops no_such_operator: exit status not 1"
[ -s none.out ] && fail "ops no_such_operator printed on stdout: $(cat none.out)"
[ "$(cat none.err)" = "minaten: ops: no operator's name matches 'no_such_operator' (a substring of names such as aten::add.Tensor)" ] ||
  fail "ops no_such_operator: stderr: $(cat none.err)"
"$minaten" ops 'zz*' >none.out 2>none.err
[ $? -eq 1 ] || fail "ops 'zz*': exit status not 1"
[ -s none.out ] && fail "ops 'zz*' printed on stdout: $(cat none.out)"
[ "$(cat none.err)" = "minaten: ops: no operator's name matches 'zz*' (a glob, tried with and without the namespace)" ] ||
  fail "ops 'zz*': stderr: $(cat none.err)"
echo ok
