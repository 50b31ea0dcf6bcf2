#!/bin/sh
# dispatch_graph.sh MINATEN SCRATCH: --dot draws the hops --trace=dispatch
# prints, no more and no fewer: the kernels of the graph, in hop order,
# are the kernels of the trace, in its order; a backend fallback's kernel is
# shaded; a redispatch through fallthrough keys names them; dot renders it.
set -u
MINATEN=$1 SCRATCH=$2
mkdir -p "$SCRATCH"
status=0
"$MINATEN" --trace=dispatch --dot "$SCRATCH/g.dot" -c 'a = torch.arange(24.).reshape(2, 3, 4)
trace_on(); c = a.transpose(0, 1).reshape(3, 8); trace_off()
d = (a * 2).sum()' >"$SCRATCH/trace" || status=1
grep '^\[dispatch\]' "$SCRATCH/trace" | sed 's/.* -> \([^ ]*\) \[.*/\1/' >"$SCRATCH/trace_kernels"
sed -n 's/^ *h\([0-9]*\)_kernel \[label="\([^\\]*\)\\n.*/\1 \2/p' "$SCRATCH/g.dot" | sort -n | cut -d' ' -f2 \
  >"$SCRATCH/dot_kernels"
if ! cmp -s "$SCRATCH/trace_kernels" "$SCRATCH/dot_kernels"; then
  echo "the graph's kernels are not the trace's (< trace, > graph):"
  diff "$SCRATCH/trace_kernels" "$SCRATCH/dot_kernels"
  status=1
fi
check() {
  grep -qF -- "$1" "$SCRATCH/g.dot" || { echo "the graph lacks: $1"; status=1; }
}
check 'pythonFallback\n[backend fallback]", shape=box, style="rounded,filled"'
check 'label="ADInplaceOrView\nfallthrough", shape=ellipse, style=dashed'
check 'label="at_native_reshape: CompositeImplicitAutograd decomposition"'
check '[label="redispatch"]'
check '[label="calls"]'
dot -Tsvg "$SCRATCH/g.dot" -o "$SCRATCH/g.svg" 2>"$SCRATCH/err" && [ ! -s "$SCRATCH/err" ] ||
  { echo "dot -Tsvg fails or warns:"; cat "$SCRATCH/err"; status=1; }
[ $status = 0 ] && echo "dispatch graph: $(wc -l <"$SCRATCH/trace_kernels") hops, as traced"
exit $status
