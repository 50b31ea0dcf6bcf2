#!/usr/bin/env python3
"""No index walk outside TensorIterator (issue 31): a kernel writes its
inner loop, and ops/TensorIterator*.c walks the rest (Note [TensorIterator's
walk] in ops/TensorIterator.h).  A hand-written walk is a carry loop, an
odometer over coordinates:

    for (k = ndim - 1; k >= 0; k--) {
      if (++idx[k] < sizes[k]) break;      <- an increment compared in place
      idx[k] = 0;
    }

    idx[k]++;                              <- or an increment of an array
    while (idx[k] == sizes[k]) {              element, then that element
      idx[k] = 0; ...                         set back to 0 a few lines on

    tests/style/check_index_walks.py OPS_DIR

Exit status 0 when no .c or .h file under OPS_DIR but ops/TensorIterator*.c
has such a loop outside the EXEMPT functions below, 1 (with file:line of
each, and of every exemption that matches nothing any more) when not.
Comments are not read.
"""
import os
import re
import sys

# (file under OPS_DIR, function): why the loop stays.
EXEMPT = {
    ("TensorAdvancedIndexing.c", "nonzero_loop2d"):
        "nonzero's output is the coordinates: 1.13's loop advances them element by element as "
        "TensorIterator walks the data (TensorAdvancedIndexing.cpp nonzero_out_cpu)",
}

ELEMENT = r"[A-Za-z_][\w.>-]*\[[^\]\[]+\]"  # idx[k], L->idx[k], g.idx[d]
# if (++idx[k] < size), if (--idx[k] >= 0): the one-line carry test
INLINE = re.compile(r"\bif\s*\(\s*(\+\+\s*" + ELEMENT + r"\s*(<|!=)|--\s*" + ELEMENT + r"\s*(>=|>|!=))")
# ++idx[k], idx[k]++, idx[k] += n: an element counted up
INCREMENT = re.compile(r"(\+\+\s*(" + ELEMENT + r")|(" + ELEMENT + r")\s*(\+\+|\+=))")
RESET_WINDOW = 6  # lines after an increment in which the same element set to 0 makes a carry
DEFINITION = re.compile(r"^[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;]*$")  # a function's first line, at column 0


def strip_comments(text):
    """The text with comments (and string literals) blanked, line breaks kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', blank, text, flags=re.S)


def walks_in(text):
    """(line number, function, what) of each carry loop in C source text."""
    lines = strip_comments(text).split("\n")
    function = None
    functions = []
    for line in lines:
        m = DEFINITION.match(line)
        if m and not line.startswith(("typedef", "return")):
            function = m.group(1)
        functions.append(function)
    found = []
    for i, line in enumerate(lines):
        if INLINE.search(line):
            found.append((i + 1, functions[i], "a coordinate stepped and compared in place"))
            continue
        for m in INCREMENT.finditer(line):
            element = (m.group(2) or m.group(3)).replace(" ", "")
            reset = re.compile(re.escape(element).replace(r"\ ", r"\s*") + r"\s*=\s*0\s*;")
            window = "\n".join(lines[i + 1:i + 1 + RESET_WINDOW])
            if reset.search(window.replace(" ", "")) or reset.search(window):
                found.append((i + 1, functions[i], f"{element} counted up, then set back to 0"))
                break
    return found


def main(args):
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    top = args[0]
    bad, used, files = [], set(), 0
    for root, _, names in os.walk(top):
        for name in sorted(names):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, top)
            if os.path.dirname(rel) == "" and name.startswith("TensorIterator") and name.endswith(".c"):
                continue  # the walk itself (DimCounter)
            files += 1
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for lineno, function, what in walks_in(text):
                if (rel, function) in EXEMPT:
                    used.add((rel, function))
                    continue
                bad.append(f"{path}:{lineno}: an index walk in {function}() ({what}): "
                           "walk with TensorIterator (ops/TensorIterator.h) instead")
    for key in sorted(set(EXEMPT) - used):
        bad.append(f"{os.path.join(top, key[0])}: exemption for {key[1]}() matches nothing: remove it")
    for b in bad:
        print(b, file=sys.stderr)
    if files == 0:
        print("no .c or .h file found: wrong directory?", file=sys.stderr)
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
