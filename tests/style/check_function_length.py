#!/usr/bin/env python3
"""No function longer than 80 lines (issue 31): a function a reader can see
whole on one screen, split along PyTorch's own seams where it grows.

    tests/style/check_function_length.py [--limit N] [--list] DIR...

A function is counted from the first line of its definition (the line at
column 0 that names it) to its closing brace at column 0, both included, so
comments above it do not count and a long signature does.  The .c and .h
files under the DIRs are read (static inline functions of headers too);
generated code (build/generated) is under none of them.  The definitions
are found as minaten writes them (STYLE.md, clang-format): the return type
and name at column 0, the signature's continuation lines indented, its `{`
at the end of a line, and the body's `}` alone at column 0.

Exit status 0 when no function is longer than the limit (80), 1 with each
longer one as `path:line: name has N lines (limit 80)` on stderr; also 1
when fewer than 100 definitions were found (the reader is broken).  --list
prints every function and its length, longest first.
"""
import argparse
import os
import re
import sys

NAME = re.compile(r"(\w+)\s*\(")
MAX_SIGNATURE_LINES = 12


def is_definition_start(line):
    """A column-0 line that may begin a function definition."""
    if not line or line[0].isspace() or line[0] in "#/*{}":
        return False
    head = line.split("(", 1)[0]
    return "(" in line and "=" not in head and not line.rstrip().endswith(";")


def functions(path):
    """(first line number, name, length in lines) of each definition."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        if not is_definition_start(lines[i]):
            i += 1
            continue
        # the signature ends with `{` on this line or on an indented continuation
        j = i
        while j < len(lines) and j < i + MAX_SIGNATURE_LINES:
            text = lines[j].rstrip()
            if text.endswith("{") or text.endswith(";") or (j > i and lines[j] and not lines[j][0].isspace()):
                break
            j += 1
        if j >= len(lines) or not lines[j].rstrip().endswith("{"):
            i += 1
            continue
        k = j + 1
        while k < len(lines) and not lines[k].startswith("}"):
            k += 1
        m = NAME.search(lines[i])
        found.append((i + 1, m.group(1) if m else lines[i].strip(), k - i + 1))
        i = k + 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    every = []
    for top in args.dirs:
        for root, _, files in os.walk(top):
            for name in sorted(files):
                if name.endswith((".c", ".h")):
                    path = os.path.join(root, name)
                    every += [(length, path, line, fn) for line, fn, length in functions(path)]
    every.sort(key=lambda f: (-f[0], f[1], f[2]))
    if args.list:
        for length, path, line, fn in every:
            print(f"{length:5d} {path}:{line} {fn}")
    if len(every) < 100:
        print(f"check_function_length: only {len(every)} functions found under {' '.join(args.dirs)}: "
              "the reader is broken", file=sys.stderr)
        return 1
    long = [f for f in every if f[0] > args.limit]
    for length, path, line, fn in long:
        print(f"{path}:{line}: {fn} has {length} lines (limit {args.limit})", file=sys.stderr)
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
