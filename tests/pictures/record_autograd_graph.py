"""Records autograd_graph.golden: for each case of autograd_graph.cases, the
backward graph PyTorch 1.13 builds for EXPR, walked as torchviz's make_dot
walks it (depth first from EXPR.grad_fn along next_functions, each node
once; AccumulateGrad's variable drawn as a leaf) and written in the DOT
`minaten autograd-graph` writes (tools/minaten/dot_autograd.c).

    /usr/bin/python3 tests/pictures/record_autograd_graph.py > tests/pictures/autograd_graph.golden
"""
import os
import sys

import torch

HEADER = (
    "digraph autograd {\n"
    "  node [style=filled, shape=box, align=left, fontsize=10, ranksep=0.1, height=0.2, fontname=monospace]\n"
    '  graph [size="12,12"]\n'
)


def size_to_str(size):
    return "(" + ", ".join("%d" % v for v in size) + ")"


def make_dot(t, expr):
    ids = {}
    out = [HEADER]

    def id_of(obj):
        key = id(obj)
        if key in ids:
            return ids[key], False
        ids[key] = len(ids)
        return ids[key], True

    def add_nodes(fn):
        i, fresh = id_of(fn)
        if not fresh:
            return i
        out.append('  n%d [label="%s"]\n' % (i, type(fn).__name__))
        if hasattr(fn, "variable"):
            v, _ = id_of(fn.variable)
            out.append('  n%d [label="%s", fillcolor=lightblue]\n  n%d -> n%d\n' % (v, size_to_str(fn.variable.size()), v, i))
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                out.append("  n%d -> n%d\n" % (add_nodes(nxt), i))
        return i

    root, _ = id_of(t)
    label = expr.replace("\\", "\\\\").replace('"', '\\"')
    out.append('  n%d [label="%s\\n%s", fillcolor=darkolivegreen1]\n' % (root, label, size_to_str(t.size())))
    out.append("  n%d -> n%d\n" % (add_nodes(t.grad_fn), root))
    out.append("}\n")
    return "".join(out)


here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "autograd_graph.cases")) as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        setup, expr = line.rstrip("\n").split("\t")
        env = {"torch": torch}
        for stmt in setup.split(";"):
            exec(stmt.strip(), env)
        t = eval(expr, env)
        sys.stdout.write("== %s | %s\n" % (setup, expr))
        sys.stdout.write(make_dot(t, expr))
