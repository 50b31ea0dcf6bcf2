#!/usr/bin/env python3
"""tools/oracle/compare.py - does minaten's output match the recorded one?

    compare.py EXPECTED.out ACTUAL.out     exit 0 if they match, else 1

The rules of docs/comparing.md ("How outputs are compared"), line by line:
  - `show` lines: every field exactly, except the numbers of `scale=` and,
    for floating and quantized dtypes, of `data=[...]`, which match within
    relative 1e-4 / absolute 1e-5;
  - a line that is one floating number: the same tolerance;
  - `NotImplementedError: Could not run 'OP' with arguments from the 'KEY'
    backend. ...` (a missing kernel): that first sentence exactly;
  - `TypeError: ...`, `AttributeError: ...`, `NotImplementedError: ...`: the
    error type only;
  - anything else (RuntimeError, IndexError, ValueError messages included):
    exactly.  A missing or extra line is a difference.
Runs under any python3 >= 3.9; no torch needed.
"""
import math
import re
import sys

REL_TOL, ABS_TOL = 1e-4, 1e-5
TYPE_ONLY_ERRORS = ("TypeError", "AttributeError", "NotImplementedError")
FLOATING = {"float32", "float64", "float16", "bfloat16", "float", "double", "half",
            "quint8", "qint8", "qint32", "quint4x2"}
NUMBER = re.compile(r"^[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|inf|nan)$")
# The dispatcher's missing-kernel error: its first sentence names the
# operator and the key, which must match; the rest lists PyTorch's keys.
MISSING_KERNEL = re.compile(r"^NotImplementedError: Could not run '[^']*' with arguments from the '[^']*' backend\.")
SHOW = re.compile(r"^(tensor shape=.*?)(?: scale=(\S+) zero_point=(\S+))? data=\[(.*)\]$")


def numbers_close(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= max(ABS_TOL, REL_TOL * max(abs(x), abs(y)))


def is_float_literal(s):
    return bool(NUMBER.match(s)) and any(c in s for c in ".eEna")


def show_lines_match(expected, actual):
    me, ma = SHOW.match(expected), SHOW.match(actual)
    if not me or not ma:
        return expected == actual
    head_e, scale_e, zp_e, data_e = me.groups()
    head_a, scale_a, zp_a, data_a = ma.groups()
    if head_e != head_a or zp_e != zp_a or (scale_e is None) != (scale_a is None):
        return False
    if scale_e is not None and not numbers_close(scale_e, scale_a):
        return False
    values_e = data_e.split(", ") if data_e else []
    values_a = data_a.split(", ") if data_a else []
    if len(values_e) != len(values_a):
        return False
    dtype = re.search(r" dtype=(\S+)", head_e)
    tolerant = dtype is not None and dtype.group(1) in FLOATING
    return all(e == a or (tolerant and NUMBER.match(e) and NUMBER.match(a) and numbers_close(e, a))
               for e, a in zip(values_e, values_a))


def lines_match(expected, actual):
    if expected == actual:
        return True
    if expected.startswith("tensor shape="):
        return show_lines_match(expected, actual)
    if is_float_literal(expected):
        return is_float_literal(actual) and numbers_close(expected, actual)
    missing = MISSING_KERNEL.match(expected)
    if missing:
        return actual.startswith(missing.group(0))
    for error in TYPE_ONLY_ERRORS:
        if expected.startswith(error + ":"):
            return actual.startswith(error + ":")
    return False


def first_difference(expected_lines, actual_lines):
    for i in range(max(len(expected_lines), len(actual_lines))):
        e = expected_lines[i] if i < len(expected_lines) else None
        a = actual_lines[i] if i < len(actual_lines) else None
        if e is None or a is None or not lines_match(e, a):
            return i + 1, e, a
    return None


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[0], encoding="utf-8", errors="replace") as f:
        expected = f.read().splitlines()
    with open(argv[1], encoding="utf-8", errors="replace") as f:
        actual = f.read().splitlines()
    diff = first_difference(expected, actual)
    if diff is None:
        print("match (%d lines)" % len(expected))
        return 0
    line, e, a = diff
    print("line %d\n  expected: %s\n  actual:   %s" % (
        line, "<end of output>" if e is None else e, "<missing line>" if a is None else a))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
