"""torch.ops.load_library in a plain python3 (Note [Operator libraries in a
python3 process] in csrc/utils/python_dispatch.c): tests/library's
custom_ops.py runs statement by statement with `torch` bound to minaten,
from the folder holding tests/library's built libraries (libmyops.so),
and its output is compared with custom_ops.out, recorded from PyTorch 1.13
with the same library written for it: values of the (one-line) tensors
within 1e-4, every other line exactly; the trace lines (`op ...`) are left
out, as trace_on is not there yet.  Then the path checks of
tests/conformance/frontend/load_library_path.py against its recording.

    PYTHONPATH=build/python /usr/bin/python3 tests/python/test_load_library.py BUILD/tests/library
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import minaten  # noqa: E402

import canonical  # noqa: E402
import local_runner  # noqa: E402
import standins  # noqa: E402

TENSOR_113 = re.compile(r"^tensor\(\[([^\]]*)\](?:, dtype=torch\.(\w+))?\)$")
TENSOR_OURS = re.compile(r"^T\(\[\d*\], torch\.(\w+), \[([^\]]*)\]\)$")


def lines_match(expected, actual):
    """1.13's printed 1-D tensor against canonical.py's, or equal text."""
    e, a = TENSOR_113.match(expected), TENSOR_OURS.match(actual)
    if e is None or a is None:
        return expected == actual
    dtype = e.group(2) or ("float32" if "." in e.group(1) else "int64")
    ev = [float(v) for v in e.group(1).split(",") if v.strip()]
    av = [float(v) for v in a.group(2).split(",") if v.strip()]
    return dtype == a.group(1) and len(ev) == len(av) and all(abs(x - y) <= 1e-4 * max(1, abs(x)) for x, y in zip(ev, av))


def compare(script, expected_path, folder):
    with open(script) as f:
        source = f.read()
    with open(expected_path) as f:
        expected = [line for line in f.read().splitlines() if not line.startswith("op ")]
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        actual = local_runner.run(source.replace("trace_on()", "pass").replace("trace_off()", "pass"), minaten,
                                  os.path.basename(script)).splitlines()
    finally:
        os.chdir(cwd)
    bad = 0
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else "<missing>"
        a = actual[i] if i < len(actual) else "<missing>"
        if not lines_match(e, a):
            bad += 1
            print("DIFFERS %s line %d\n  1.13:    %s\n  minaten: %s" % (os.path.basename(script), i + 1, e, a))
    print("%s: %d lines, %d differ" % (os.path.basename(script), len(expected), bad))
    return bad


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "tests", "library")
    standins.install(minaten)
    canonical.install(minaten)
    bad = compare(os.path.join(ROOT, "tests", "library", "custom_ops.py"),
                  os.path.join(ROOT, "tests", "library", "custom_ops.out"), folder)
    bad += compare(os.path.join(ROOT, "tests", "conformance", "frontend", "load_library_path.py"),
                   os.path.join(ROOT, "tests", "conformance", "frontend", "load_library_path.out"), folder)
    path = os.path.realpath(os.path.join(folder, "libmyops.so"))
    if path not in minaten.ops.loaded_libraries:
        print("torch.ops.loaded_libraries does not hold %s: %s" % (path, minaten.ops.loaded_libraries))
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
