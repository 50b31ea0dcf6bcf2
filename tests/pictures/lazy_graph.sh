#!/bin/sh
# lazy_graph.sh MINATEN SOURCE_DIR: `minaten lazy-graph -c SETUP EXPR` for
# each case of lazy_graph.cases must print what PyTorch 1.13's
# torch._C._lazy._get_tensors_dot([EXPR]) printed (lazy_graph.golden,
# recorded by record_lazy_graph.py).
set -u
MINATEN=$1 HERE=$2/tests/pictures
got=$(grep -v '^#' "$HERE/lazy_graph.cases" | while IFS='	' read -r setup expr; do
  echo "== $setup | $expr"
  "$MINATEN" lazy-graph -c "$setup" "$expr" 2>&1
done)
if [ "$got" != "$(cat "$HERE/lazy_graph.golden")" ]; then
  echo "lazy-graph differs from PyTorch 1.13's _get_tensors_dot (< PyTorch, > minaten):"
  printf '%s\n' "$got" | diff "$HERE/lazy_graph.golden" - 
  exit 1
fi
echo "lazy-graph: $(grep -c '^==' "$HERE/lazy_graph.golden") graphs as PyTorch 1.13 draws them"
