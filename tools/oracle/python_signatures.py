#!/usr/bin/python3
"""tools/oracle/python_signatures.py - 1.13's Python bindings of minaten's operators, as data.

    PYTHONPATH=build/python /usr/bin/python3 tools/oracle/python_signatures.py > csrc/autograd/python_signatures_113.c
    PYTHONPATH=build/python /usr/bin/python3 tools/oracle/python_signatures.py --check csrc/autograd/python_signatures_113.c

When no overload of torch.NAME / Tensor.NAME accepts a call, 1.13 chooses
its TypeError from ALL its Python signatures of that name (print_error:
"the one plausible signature raises its own error"; format_invalid_args:
"expected (...)" for a single one, "expected one of:" for several).  1.13
has overloads minaten does not (the named-tensor ones: transpose.Dimname;
round.decimals, narrow.Tensor, several out= forms), so minaten's bindings
consider them too, unbound (csrc/autograd/python_bindings.c, Note [Python
signatures and their errors]).  This script lists them: for every name
minaten binds (as a function or a method), the overloads of 1.13's
native_functions.yaml (Debian's python3-torch) with that variant, a Python
binding (no python_module; not the .Scalar overloads of add, sub, mul and
div, which gen_python_functions.py skips) and an overload name minaten does
not register.  Its output is a C file of schema strings copied from the
YAML.  For a named overload, whether its 1.13 kernel refuses names outright
(reportNYIDimnameOverload: "all: You passed a dimname (string) to this op
in place of a dimension index ...") is found by calling it under 1.13.

It also lists, for every aten operator name minaten registers, whether 1.13
has torch.NAME (torch._C._VariableFunctions) and Tensor.NAME (a method of
torch._C._TensorBase or torch.Tensor): which names minaten binds follows
that (has_python_binding), whatever the variants of minaten's YAML say.

--check compares a committed file with what it would write.  Needs
minaten's build (its operators and bound names), and PyTorch 1.13 with its
YAML.
"""
import re
import sys

import yaml

import minaten
import torch

YAML = "/usr/lib/python3/dist-packages/torchgen/packaged/ATen/native/native_functions.yaml"
SKIPPED = {("add", "Scalar"), ("add_", "Scalar"), ("sub", "Scalar"), ("sub_", "Scalar"),
           ("mul", "Scalar"), ("mul_", "Scalar"), ("div", "Scalar"), ("div_", "Scalar")}


def bound_names():
    """{(name, is_method)} of minaten's operator bindings."""
    binding = type(minaten._C._TensorBase.__dict__["__add__"])
    names = set()
    for name in dir(minaten._C._VariableFunctions):
        f = getattr(minaten._C._VariableFunctions, name)
        if isinstance(getattr(f, "__self__", None), binding):
            names.add((name, False))
    for name, v in minaten._C._TensorBase.__dict__.items():
        if isinstance(v, binding) and not name.startswith("__"):
            names.add((name, True))
    return names


def minaten_overloads(name):
    try:
        return set(minaten._C._jit_get_operation("aten::" + name)[1])
    except RuntimeError:
        return set()


def refuses_names(schema):
    """The operator name 1.13's kernel of a named overload reports when it
    refuses names as not yet supported ("squeeze" for squeeze_.dimname), or
    None: called with a 2x3 tensor, the name 'x' and plausible values (other
    overloads do not fit them: a name is no int)."""
    m = re.match(r"(\w+)(?:\.(\w+))?\((.*)\) ->", schema)
    name, overload, args = m.group(1), m.group(2) or "default", m.group(3)
    t = torch.arange(6.).reshape(2, 3)
    pos, kw, kwonly = [], {}, False
    for a in re.split(r", (?![^\[]*\])", args):
        if a == "*":
            kwonly = True
            continue
        if "=" in a:
            continue
        typ, arg = a.rsplit(" ", 1)
        v = ("x" if typ.startswith("Dimname") and "[]" not in typ else ["x"] if typ.startswith("Dimname") else
             t if typ.startswith("Tensor") else 0 if typ.startswith("int") else 1 if typ.startswith("Scalar") else None)
        if kwonly:
            kw[arg] = v
        else:
            pos.append(v)
    try:  # through the Python binding: torch.ops wants names with a namespace
        if hasattr(torch._C._VariableFunctions, name):
            getattr(torch._C._VariableFunctions, name)(*pos, **kw)
        else:
            getattr(pos[0], name)(*pos[1:], **kw)
    except Exception as e:
        m = re.match(r"(\w+): You passed a dimname \(string\) to this op in place of a dimension index", str(e))
        return m.group(1) if m else None
    return None


def bindings_113():
    """(name, function, method) for every aten operator name minaten registers."""
    names = sorted({s.name.split("::")[1] for s in minaten._C._jit_get_all_schemas() if s.name.startswith("aten::")})
    methods = set(torch._C._TensorBase.__dict__) | set(torch.Tensor.__dict__)
    return [(n, hasattr(torch._C._VariableFunctions, n), n in methods) for n in names]


def rows():
    entries = yaml.safe_load(open(YAML))
    by_name = {}
    for e in entries:
        m = re.match(r"(\w+)(?:\.(\w+))?\(", e["func"])
        by_name.setdefault(m.group(1), []).append((m.group(2) or "", e))
    out = []
    for name, method in sorted(bound_names()):
        have = minaten_overloads(name)
        for overload, e in by_name.get(name, []):
            variants = e.get("variants", "function")
            if ("method" if method else "function") not in variants or e.get("python_module") is not None:
                continue
            if (name, overload) in SKIPPED or overload in have:
                continue
            out.append((name, method, e["func"], refuses_names(e["func"]) if "Dimname" in e["func"] else None))
    return out


def render():
    lines = [
        "/* @generated by tools/oracle/python_signatures.py from PyTorch 1.13's native_functions.yaml; do not edit */",
        "/*",
        " * python_signatures_113.c - the overloads of 1.13's torch.NAME / Tensor.NAME",
        " * that minaten does not have, for the TypeError of a call no overload",
        " * accepts (Note [Python signatures and their errors] in python_bindings.c),",
        " * and which of minaten's operator names 1.13 binds as torch.NAME and Tensor.NAME.",
        " */",
        '#include "csrc/autograd/python_bindings.h"',
        "",
        "/* {name, method, schema, the name under which 1.13's kernel refuses names (reportNYIDimnameOverload)} */",
        "const PythonSignature113 kPythonSignatures113[] = {",
    ]
    for name, method, func, nyi in rows():
        lines.append('    {"%s", %s, "%s", %s},' % (name, "true" if method else "false", func, '"%s"' % nyi if nyi else "NULL"))
    lines += ["    {NULL, false, NULL, NULL}};", "",
              "/* {name, torch.NAME, Tensor.NAME}: for every aten operator name minaten registers */",
              "const PythonBinding113 kPythonBindings113[] = {"]
    for name, function, method in bindings_113():
        lines.append('    {"%s", %s, %s},' % (name, "true" if function else "false", "true" if method else "false"))
    lines += ["    {NULL, false, false}};", ""]
    return "\n".join(lines)


def write_or_check(text, script):
    """Writes a generated file's text to stdout, or with `--check FILE`
    compares FILE with it: the exit status (tools/oracle/overload_order.py
    uses it too)."""
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        if open(sys.argv[2]).read() != text:
            print("%s differs from what tools/oracle/%s writes" % (sys.argv[2], script))
            return 1
        return 0
    sys.stdout.write(text)
    return 0


def main():
    return write_or_check(render(), "python_signatures.py")


if __name__ == "__main__":
    sys.exit(main())
