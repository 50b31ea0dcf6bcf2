"""Records lazy_graph.golden: for each case of lazy_graph.cases, what
PyTorch 1.13 (Debian's python3-torch, TorchScript lazy backend) prints for
torch._C._lazy._get_tensors_dot([EXPR]) after running SETUP.

    /usr/bin/python3 tests/pictures/record_lazy_graph.py > tests/pictures/lazy_graph.golden
"""
import os
import sys

import torch
import torch._lazy
import torch._lazy.ts_backend

torch._lazy.ts_backend.init()
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "lazy_graph.cases")) as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        setup, expr = line.rstrip("\n").split("\t")
        env = {"torch": torch}
        for stmt in setup.split(";"):
            exec(stmt.strip(), env)
        t = eval(expr, env)
        sys.stdout.write("== %s | %s\n" % (setup, expr))
        sys.stdout.write(torch._C._lazy._get_tensors_dot([t]))
