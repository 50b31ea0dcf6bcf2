#!/bin/sh
# autograd_graph.sh MINATEN SOURCE_DIR: `minaten autograd-graph -c SETUP EXPR` for
# each case of autograd_graph.cases must print the graph PyTorch 1.13 builds
# for EXPR, walked as torchviz walks it (autograd_graph.golden, recorded by
# record_autograd_graph.py): the same nodes, names and next_functions edges.
set -u
MINATEN=$1 HERE=$2/tests/pictures
got=$(grep -v '^#' "$HERE/autograd_graph.cases" | while IFS='	' read -r setup expr; do
  echo "== $setup | $expr"
  "$MINATEN" autograd-graph -c "$setup" "$expr" 2>&1
done)
if [ "$got" != "$(cat "$HERE/autograd_graph.golden")" ]; then
  echo "autograd-graph differs from PyTorch 1.13 (< PyTorch, > minaten):"
  printf '%s\n' "$got" | diff "$HERE/autograd_graph.golden" - 
  exit 1
fi
echo "autograd-graph: $(grep -c '^==' "$HERE/autograd_graph.golden") graphs as PyTorch 1.13 draws them"
