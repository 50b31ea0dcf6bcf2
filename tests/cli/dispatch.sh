#!/bin/sh
# `minaten dispatch NAME`: an exact name, the default overload, the only
# overload of a base name; a base name with several overloads lists them on
# stderr and exits 1.
# Usage: dispatch.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$minaten" dispatch aten::add >add.out 2>add.err
[ $? -eq 1 ] || fail "dispatch aten::add: exit status not 1"
[ -s add.out ] && fail "dispatch aten::add printed on stdout: $(cat add.out)"
grep -q 'ambiguous' add.err || fail "dispatch aten::add does not say it is ambiguous: $(cat add.err)"
for overload in aten::add.Tensor aten::add.Scalar aten::add.out; do
  grep -qx "  $overload" add.err || fail "dispatch aten::add does not list $overload: $(cat add.err)"
done

# The default overload (empty overload name) is the operator's plain name.
"$minaten" dispatch aten::reshape >reshape.out 2>&1 || fail "dispatch aten::reshape: exit status $?"
head -n 1 reshape.out | grep -qx '===== aten::reshape' || fail "dispatch aten::reshape: $(head -n 3 reshape.out)"
grep -q '^CPU: .*at_native_reshape' reshape.out || fail "dispatch aten::reshape has no CPU entry"
"$minaten" dispatch reshape >short.out 2>&1 || fail "dispatch reshape (aten:: implied): exit status $?"
cmp -s reshape.out short.out || fail "dispatch reshape differs from dispatch aten::reshape"

# A full name.
"$minaten" dispatch aten::add.Tensor >tensor.out 2>&1 || fail "dispatch aten::add.Tensor: exit status $?"
head -n 1 tensor.out | grep -qx '===== aten::add.Tensor' || fail "dispatch aten::add.Tensor: $(head -n 1 tensor.out)"

# A base name with exactly one overload: that one.
only=$("$minaten" ops | cut -d'(' -f1 | awk -F. '{n[$1]++; full[$1]=$0} END {for (b in n) if (n[b] == 1 && full[b] != b) print full[b]}' | sort | head -n 1)
if [ -n "$only" ]; then
  base=${only%%.*}
  "$minaten" dispatch "$base" >only.out 2>&1 || fail "dispatch $base (only $only): exit status $?"
  head -n 1 only.out | grep -qx "===== $only" || fail "dispatch $base: $(head -n 1 only.out)"
fi

"$minaten" dispatch aten::no_such_op >nope.out 2>&1
[ $? -eq 1 ] || fail "dispatch aten::no_such_op: exit status not 1"
grep -qx 'minaten: no operator named aten::no_such_op' nope.out || fail "dispatch aten::no_such_op: $(cat nope.out)"
echo ok
