#!/usr/bin/env python3
"""Every kernel is written out: each `at_native_<name>` the generated
NativeFunctions.h declares has a definition a reader finds with grep, a line
of ops/ that starts with its return type and name,

    <type> at_native_<name>(

and not one made by token pasting (`at_native_##name`), where grep and gdb's
`list at_native_<name>` find nothing but a macro (issue 13).

    tests/style/check_kernels_written_out.py NativeFunctions.h ops/ [--count]

Exit status 0 when every kernel is found, 1 (with the missing ones listed)
when not. --count prints `found/declared` and exits 0 either way.
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(r"^(?P<type>[A-Za-z_][\w ]*?\**)\s*(?P<name>at_native_\w+)\(", re.M)


def declared_kernels(header):
    with open(header, encoding="utf-8") as f:
        return [(m.group("type").strip(), m.group("name")) for m in DECLARATION.finditer(f.read())]


def definition_lines(ops_dir):
    lines = set()
    for root, _, files in os.walk(ops_dir):
        for name in files:
            if name.endswith(".c"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    lines.update(line.rstrip("\n") for line in f)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("header")
    parser.add_argument("ops_dir")
    parser.add_argument("--count", action="store_true")
    args = parser.parse_args()

    kernels = declared_kernels(args.header)
    if not kernels:
        print(f"{args.header}: no at_native_ declaration", file=sys.stderr)
        return 1
    lines = definition_lines(args.ops_dir)
    missing = []
    for ret, name in kernels:
        start = re.compile(r"^" + re.escape(ret).replace(r"\ ", r"\s+") + r"\s*" + name + r"\(")
        if not any(start.match(line) for line in lines):
            missing.append(f"{ret} {name}(")
    if args.count:
        print(f"{len(kernels) - len(missing)}/{len(kernels)}")
        return 0
    for m in missing:
        print(f"no definition `{m}` at the start of a line in {args.ops_dir}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
