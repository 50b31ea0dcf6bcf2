#!/bin/sh
# `minaten dispatch OP` in gdb prints what `minaten dispatch OP` prints on the
# command line, for the operators of the reshape walk (a CompositeImplicit
# one, a view with kernels per backend, an operator named without `aten::`
# or its overload); an ambiguous or unknown name is one line, as the
# command line's (whose message it repeats).
# Usage: commands_dispatch.sh path/to/minaten path/to/tools/gdb/minaten.py
set -u
MINATEN=$1 EXTENSION=$2
out=$(mktemp) want=$(mktemp)
trap 'rm -f "$out" "$want"' EXIT
ops="aten::reshape aten::_reshape_alias aten::transpose.int _unsafe_view aten::view"
set --
for op in $ops; do set -- "$@" -ex "minaten dispatch $op"; done
gdb -nx -batch -ex 'set pagination off' -ex 'set debuginfod enabled off' -ex "source $EXTENSION" \
  -ex 'break at_native_reshape' -ex run "$@" -ex 'minaten dispatch aten::add' \
  -ex 'minaten dispatch aten::nope' -ex kill --args "$MINATEN" -c 'a = torch.arange(24.).reshape(2, 3, 4)' >"$out" 2>&1
cat "$out"
for op in $ops; do "$MINATEN" dispatch "$op"; done >"$want"
# The tables: from the first "=====" line, as many lines as the command line printed.
first=$(grep -n '^=====' "$out" | head -n 1 | cut -d: -f1)
if [ -z "$first" ] || ! tail -n "+$first" "$out" | head -n "$(wc -l <"$want")" | diff "$want" -; then
  echo "FAIL: minaten dispatch in gdb differs from the command line's (above: < command line, > gdb)"
  exit 1
fi
grep -qx "aten::add is ambiguous: it has 3 overloads and no default one; name one of aten::add.Tensor, aten::add.out, aten::add.Scalar" "$out" \
  || { echo "FAIL: the ambiguous name"; exit 1; }
grep -qx "no operator named aten::nope" "$out" || { echo "FAIL: the unknown name"; exit 1; }
if grep -qE "Traceback|Python Exception" "$out"; then echo "FAIL: a Python traceback"; exit 1; fi
echo "PASS"
