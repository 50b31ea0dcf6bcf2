#!/bin/sh
# errors.sh MINATEN SCRATCH: the picture commands refuse bad input with one
# line on stderr and exit status 1 (2 for a usage error), never a crash;
# stdout stays empty.
set -u
MINATEN=$1 SCRATCH=$2
mkdir -p "$SCRATCH"
status=0
# expect STATUS LINE -- ARGS...: runs minaten ARGS, checks its status and stderr
expect() {
  want_status=$1 want=$2
  shift 3
  "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
  got_status=$?
  got=$(cat "$SCRATCH/err")
  if [ "$got_status" != "$want_status" ] || [ "$got" != "$want" ] || [ -s "$SCRATCH/out" ]; then
    echo "FAIL: $*"
    echo "  want ($want_status): $want"
    echo "  got  ($got_status): $got"
    [ -s "$SCRATCH/out" ] && echo "  stdout: $(head -c 200 "$SCRATCH/out")"
    status=1
  fi
}
M=$MINATEN
expect 1 "minaten: memory: 'a +': SyntaxError: invalid syntax" -- $M memory 'a +'
expect 1 "minaten: memory: 'x = 1': SyntaxError: not an expression" -- $M memory 'x = 1'
expect 1 "minaten: memory: 'b': NameError: name 'b' is not defined" -- $M memory b
expect 1 "minaten: memory: 'a' is not a tensor (it is int)" -- $M memory -c 'a = 1' a
expect 1 "minaten: autograd-graph: 'a.shape' is not a tensor (it is Size)" -- \
  $M autograd-graph -c 'a = torch.ones(2)' a.shape
expect 1 "minaten: memory: 'torch.ones(2).bogus': AttributeError: 'Tensor' object has no attribute 'bogus'" -- \
  $M memory 'torch.ones(2).bogus'
expect 1 "minaten: memory: 'a' has no storage (a lazy tensor)" -- $M memory -c "a = torch.ones(3).to('lazy')" a
expect 1 "minaten: memory: 'torch.ones(300)' is too big to draw (300 storage cells, 300 elements; at most 256)" -- \
  $M memory 'torch.ones(300)'
expect 1 "minaten: lazy-graph: 'a' is not a lazy tensor (it is on cpu); try .to('lazy')" -- \
  $M lazy-graph -c 'a = torch.ones(3)' a
expect 1 "minaten: autograd-graph: 'a' has no grad_fn (it does not require grad)" -- \
  $M autograd-graph -c 'a = torch.ones(3)' a
expect 1 "minaten: autograd-graph: 'a' has no grad_fn (a leaf: its gradient goes to .grad)" -- \
  $M autograd-graph -c 'a = torch.ones(3, requires_grad=True)' a
expect 1 "minaten: memory: cannot write /nonexistent/x.dot: No such file or directory" -- \
  $M memory -o /nonexistent/x.dot 'torch.ones(2)'
# a missing dot binary: PATH without Graphviz
expect 1 "minaten: memory: svg output needs Graphviz's dot: apt-get install graphviz" -- \
  env PATH=/nonexistent $M memory --format svg 'torch.ones(2)'
expect 1 "minaten: --dot: png output needs Graphviz's dot: apt-get install graphviz" -- \
  env PATH=/nonexistent $M --trace=dispatch --dot "$SCRATCH/x.png" -c 'a = 1'
expect 2 "minaten: --dot FILE draws the hops --trace=dispatch traces: add --trace=dispatch" -- \
  $M --dot "$SCRATCH/x.dot" -c 'a = 1'
expect 2 "minaten: memory: --format: expected dot, svg or png, got jpg
usage: minaten memory [-c SETUP]... [-o FILE] [--format dot|svg|png] EXPR..." -- $M memory --format jpg a
expect 2 "minaten: lazy-graph: expected an expression
usage: minaten lazy-graph [-c SETUP]... [-o FILE] [--format dot|svg|png] EXPR..." -- $M lazy-graph
# a setup that fails: Python's traceback, as minaten --strict prints it
expect 1 'Traceback (most recent call last):
  File "<string>", line 1, in <module>
NameError: name '"'"'undefined'"'"' is not defined' -- $M memory -c 'a = undefined' a
[ $status = 0 ] && echo "errors: ok"
exit $status
