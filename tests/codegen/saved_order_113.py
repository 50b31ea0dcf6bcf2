#!/usr/bin/env python3
"""saved_order_113.py - each generated backward node saves what 1.13's does,
in 1.13's order (issue 29).

    tests/codegen/saved_order_113.py build/generated/AutogradFunctions.h [FUNCTIONS_H]

The order of a node's saved fields is the order its apply unpacks them in
(tools/codegen/gen_autograd.c order_saved), so it decides which tensor the
"modified by an inplace operation" error names when several were written.
This compares every node of minaten's AutogradFunctions.h with the node of
the same name in 1.13's installed Functions.h (libtorch-dev:
/usr/include/torch/csrc/autograd/generated/Functions.h), field by field,
after spelling both alike: 1.13's `x_sym_sizes` / `x_sym_strides` are
minaten's `x_sizes` / `x_strides`, its `x_info` (zeros_like(x)) is minaten's
`x_sizes` and `x_options`; 1.13's `x_layout` (minaten has one layout) and
`x_released_` flags, and both's `x_size_` counts of a Tensor[], are left
out.  Exit status 0 when every node matches, 1 otherwise (listing
them), 2 on a usage error or a missing file.  Python 3.9, stdlib only.
"""
import os
import re
import sys

DEFAULT_113 = "/usr/include/torch/csrc/autograd/generated/Functions.h"


def fields_113(text):
    nodes = {}
    for m in re.finditer(r"struct TORCH_API (\w+) : public \w+ \{(.*?)\n\};", text, re.S):
        body = re.sub(r"void release_variables\(\) override \{.*?\n  \}", "", m.group(2), flags=re.S)
        names = []
        for line in body.splitlines():
            line = line.strip()
            field = re.match(r"[\w:<>, ]+?\s+(\w+)( = [^;]*)?;$", line)
            if field is None or "(" in line or line.startswith("using "):
                continue
            name = field.group(1)
            if name.endswith("_released_") or name.endswith("_layout") or name.endswith("_size_"):
                continue
            name = name.replace("_sym_sizes", "_sizes").replace("_sym_strides", "_strides")
            names += [name[:-5] + "_sizes", name[:-5] + "_options"] if name.endswith("_info") else [name]
        seen, unique = set(), []
        for name in names:
            if name not in seen:
                seen.add(name)
                unique.append(name)
        nodes[m.group(1)] = unique
    return nodes


def fields_minaten(text):
    nodes = {}
    for m in re.finditer(r"typedef struct (\w+) \{\n  Node base;\n(.*?)\} \1;", text, re.S):
        names = [f.group(1) for f in re.finditer(r"^\s*[\w* ]+?\s+(\w+);", m.group(2), re.M)]
        nodes[m.group(1)] = [n for n in names if not n.endswith("_size_")]
    return nodes


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    theirs_path = argv[2] if len(argv) == 3 else DEFAULT_113
    for path in (argv[1], theirs_path):
        if not os.path.exists(path):
            sys.stderr.write("saved_order_113.py: no such file: %s\n" % path)
            return 2
    with open(argv[1]) as f:
        ours = fields_minaten(f.read())
    with open(theirs_path) as f:
        theirs = fields_113(f.read())
    bad = 0
    for node, fields in sorted(ours.items()):
        if node not in theirs:
            print("%s: no such node in 1.13" % node)
            bad += 1
        elif fields != theirs[node]:
            print("%s:\n  1.13:    %s\n  minaten: %s" % (node, ", ".join(theirs[node]), ", ".join(fields)))
            bad += 1
    print("%d nodes: %d as 1.13's, %d differ" % (len(ours), len(ours) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
