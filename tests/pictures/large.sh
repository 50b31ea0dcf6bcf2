#!/bin/sh
# large.sh MINATEN SCRATCH: pictures of large graphs are drawn in linear time
# and without C recursion (issue 29):
#
#   - autograd-graph of a chain of 300,000 MulBackward0 nodes (the walk had
#     one C frame per node: a stack overflow under ASan from 100,000, a
#     segfault in the Release build from 250,000; and a linear search of
#     the nodes met: quadratic, 10 s for 100,000 nodes in Debug);
#   - lazy-graph of a chain of 30,000 IR nodes;
#   - --trace=dispatch --dot of 60,000 top-level calls (each hop looked for
#     its children among all the hops after it: quadratic, a minute).
#
# Each must finish within LIMIT seconds (20; about one in Debug, where the
# quadratic walks took 30 s and more) and draw every node once.
set -u
MINATEN=$1 SCRATCH=$2
LIMIT=${LIMIT:-20}
mkdir -p "$SCRATCH" && cd "$SCRATCH" || exit 1
status=0
fail() {
  echo "FAIL: $*"
  status=1
}
# run NAME ARGS...: minaten ARGS with stdout to NAME.dot, within LIMIT seconds
run() {
  name=$1
  shift
  timeout "$LIMIT" "$MINATEN" "$@" >"$name.dot" 2>"$name.err"
  rc=$?
  [ $rc -eq 124 ] && fail "$name: not done after $LIMIT s (quadratic?)"
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && fail "$name: exit status $rc: $(head -c 300 "$name.err")"
  return $rc
}

# 30,000 iterations of 10 multiplications: a chain of 300,000 nodes
if run autograd autograd-graph -c 'x = torch.ones(1, requires_grad=True); y = x' -c 'for i in range(30000):
    y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0' y; then
  [ "$(grep -c '^  n[0-9]* \[label="MulBackward0"\]$' autograd.dot)" = 300000 ] ||
    fail "autograd: not 300000 MulBackward0 boxes"
  [ "$(grep -c '^  n[0-9]* -> n[0-9]*$' autograd.dot)" = 300002 ] || fail "autograd: not 300002 edges"
  # the chain in order: the output, its grad_fn n1, ..., the leaf's AccumulateGrad and the leaf
  [ "$(sed -n '4,6p;$p' autograd.dot | tr -d '\n')" = '  n0 [label="y\n(1)", fillcolor=darkolivegreen1]  n1 [label="MulBackward0"]  n2 [label="MulBackward0"]}' ] ||
    fail "autograd: the first nodes: $(sed -n '4,6p' autograd.dot)"
  grep -qx '  n300001 \[label="AccumulateGrad"\]' autograd.dot && grep -qx '  n300002 -> n300001' autograd.dot &&
    grep -qx '  n300001 -> n300000' autograd.dot && grep -qx '  n1 -> n0' autograd.dot ||
    fail "autograd: the leaf's end of the chain is not drawn as expected"
fi

if run lazy lazy-graph -c "x = torch.ones(2).to('lazy'); y = x" -c 'for i in range(3000):
    y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0; y = y * 1.0' y; then
  [ "$(grep -c 'aten::mul' lazy.dot)" = 30000 ] || fail "lazy: not 30000 aten::mul nodes"
  [ "$(grep -c ' -> ' lazy.dot)" = 60000 ] || fail "lazy: not 60000 edges"
fi

if timeout "$LIMIT" "$MINATEN" --trace=dispatch --dot dispatch.dot -c 'x = torch.ones(2)
for i in range(60000):
    y = x.neg()' >/dev/null 2>dispatch.err; then
  [ "$(grep -c "^  subgraph cluster_call" dispatch.dot)" = 60001 ] || fail "dispatch: not 60001 calls drawn (torch.ones, 60000 neg)"
else
  fail "--dot: exit status $? (124: not done after $LIMIT s): $(head -c 300 dispatch.err)"
fi
[ $status -eq 0 ] && echo "ok: 300,000 autograd nodes, 30,000 lazy IR nodes, 60,000 dispatched calls"
exit $status
