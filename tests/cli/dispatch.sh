#!/bin/sh
# `minaten dispatch NAME`: an exact name, the default overload, the only
# overload of a base name; a base name with several overloads lists them on
# stderr and exits 1; the Autograd keys' kernels in 1.13's words.
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

# The Autograd alias key's entries, in 1.13's provenance words
# (torch._C._dispatch_dump_table): a differentiable operator has its
# generated VariableType kernel at every Autograd<Backend> key, `[autograd
# kernel]`; an operator without one falls through (`[backend fallback]`,
# 1.13's VariableFallbackKernel.cpp), as quantized::add does in 1.13; a
# CompositeImplicitAutograd operator has its math kernel there.
"$minaten" dispatch aten::mul.Tensor >mul.out 2>&1 || fail "dispatch aten::mul.Tensor: exit status $?"
for key in AutogradOther AutogradCPU AutogradLazy AutogradMeta; do
  grep -Eqx "$key: registered at [^ ]*VariableType\.c:[0-9]+ \[autograd kernel\] VariableType_mul_Tensor" mul.out ||
    fail "dispatch aten::mul.Tensor: no [autograd kernel] at $key: $(grep "^$key:" mul.out)"
done
# mul is structured: its CPU and Meta kernels are generated around
# at_meta_mul_Tensor and at_impl_mul_out (Note [Structured kernels])
grep -qx 'CPU: registered at RegisterCPU.c:[0-9]* \[kernel\] wrapper_CPU_mul_Tensor' mul.out || fail "dispatch aten::mul.Tensor: CPU: $(grep '^CPU:' mul.out)"
grep -qx 'Meta: registered at RegisterMeta.c:[0-9]* \[kernel\] wrapper_Meta_mul_Tensor' mul.out || fail "dispatch aten::mul.Tensor: Meta: $(grep '^Meta:' mul.out)"
"$minaten" dispatch quantized::add >qadd.out 2>&1 || fail "dispatch quantized::add: exit status $?"
grep -q 'autograd kernel' qadd.out && fail "dispatch quantized::add has an autograd kernel: $(grep 'autograd kernel' qadd.out)"
grep -Eqx 'AutogradCPU: fallthrough registered at [^ ]+ \[backend fallback\]' qadd.out ||
  fail "dispatch quantized::add: AutogradCPU does not fall through: $(grep '^AutogradCPU:' qadd.out)"
grep -Eqx 'AutogradCPU: registered at [^ ]+ \[math kernel\] at_native_reshape' reshape.out ||
  fail "dispatch aten::reshape: AutogradCPU is not its math kernel: $(grep '^AutogradCPU:' reshape.out)"
grep -q 'autograd kernel' reshape.out && fail "dispatch aten::reshape has an autograd kernel"

"$minaten" dispatch aten::no_such_op >nope.out 2>&1
[ $? -eq 1 ] || fail "dispatch aten::no_such_op: exit status not 1"
grep -qx 'minaten: no operator named aten::no_such_op' nope.out || fail "dispatch aten::no_such_op: $(cat nope.out)"
echo ok
