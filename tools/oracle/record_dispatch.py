#!/usr/bin/python3
"""Records PyTorch 1.13's dispatch table of every operator minaten registers.

Run by hand (never at test time), from the repository root, after building:

    /usr/bin/python3 tools/oracle/record_dispatch.py build/minaten

It asks `build/minaten ops` for minaten's operators, and for each writes
tests/dispatch/tables/<name>.txt: `torch._C._dispatch_dump_table(OP)` of
Debian's PyTorch 1.13, after torch._lazy.ts_backend.init(), keeping only the
keys minaten models (the filter of docs/comparing.md, "Dispatch tables").
Operators 1.13 does not have (minaten's quantized:: test operators) are
written as a single line `absent in PyTorch 1.13`.  Tables of operators no
longer registered are removed.  Re-run it after adding operators; the test
`dispatch.tables` (tests/dispatch/check_tables.py) compares the recordings
with minaten's own torch._C._dispatch_dump_table(OP) (tests/dispatch/dump_tables.py).
"""
import os
import re
import subprocess
import sys

# The runtime keys minaten has, in its dump order (runtime/DispatchKey.h).
KEYS = ["Undefined", "CPU", "Lazy", "Meta", "QuantizedCPU", "BackendSelect", "Python", "Functionalize", "Conjugate",
        "Negative", "ADInplaceOrView", "AutogradOther", "AutogradCPU", "AutogradLazy", "AutogradMeta", "PythonTLSSnapshot"]
# Keys recorded, whose rows tests/dispatch/check_tables.py counts but does
# not yet hold against 1.13: 1.13 has a Meta kernel for about 400 of
# minaten's operators (its structured operators', RegisterMeta.cpp, and the
# Python meta functions `import torch` registers), and minaten's structured
# operators are being converted family by family (Note [Structured kernels]
# in ops/Structured.h).  1.13 has a Functionalize kernel for every view,
# write and CompositeImplicitAutograd operator (RegisterFunctionalization_*.cpp);
# minaten generates most (tools/codegen/gen_functionalization.c), not yet
# resize_, resize_as_, set_ and the out= forms of the list views.
REPORTED_ONLY = ["Meta", "AutogradMeta", "Functionalize"]
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "dispatch", "tables")


def table_file(op):
    """aten::add.Tensor -> aten__add.Tensor.txt"""
    return op.replace("::", "__") + ".txt"


def filtered(dump):
    keep = []
    for line in dump.splitlines():
        key = line.split(":", 1)[0]
        if key not in KEYS:
            continue
        # paths shortened to what follows ATen/ or torch/csrc/
        line = re.sub(r"registered at \S*?(?:aten/src/ATen/|build/aten/src/ATen/|torch/csrc/)", "registered at ", line)
        line = re.sub(r"registered at \./", "registered at ", line)
        keep.append(line)
    keep.sort(key=lambda l: KEYS.index(l.split(":", 1)[0]))
    return keep


def main():
    minaten = sys.argv[1] if len(sys.argv) > 1 else "build/minaten"
    ops = subprocess.run([minaten, "ops"], check=True, capture_output=True, text=True).stdout.split("\n")
    names = [l.split("(", 1)[0] for l in ops if l.strip()]
    import torch
    import torch._lazy.ts_backend
    torch._lazy.ts_backend.init()
    os.makedirs(OUT_DIR, exist_ok=True)
    wanted = set()
    for op in names:
        wanted.add(table_file(op))
        try:
            lines = filtered(torch._C._dispatch_dump_table(op))
        except RuntimeError:
            lines = ["absent in PyTorch 1.13"]
        with open(os.path.join(OUT_DIR, table_file(op)), "w") as f:
            f.write("===== %s\n" % op)
            f.write("".join(l + "\n" for l in lines))
    for stale in sorted(set(os.listdir(OUT_DIR)) - wanted):
        if stale.endswith(".txt"):
            os.remove(os.path.join(OUT_DIR, stale))
    print("recorded %d operators into %s" % (len(names), os.path.normpath(OUT_DIR)))


if __name__ == "__main__":
    main()
