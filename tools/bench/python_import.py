#!/usr/bin/python3
"""tools/bench/python_import.py - `import minaten` against `import torch`
(PyTorch 1.13), each in a fresh python3 process (issue 30's goal: at most
0.05x of 1.13's time).

    PYTHONPATH=build-release/python /usr/bin/python3 tools/bench/python_import.py [--rows] [RUNS]

Each run starts one python3 per module, the two interleaved so that both see
the same machine, and times the import statement alone inside the child
(time.perf_counter around it: the interpreter's own start-up, the same for
both, is left out).  The figure is the median over RUNS runs (default 15)
after one untimed run of each (which warms the page cache: the first import
of torch reads some 400 MiB of shared libraries).  --rows prints the rows of
tools/bench/compare (bench.h's format: measure, unit, minaten, libtorch,
floor, floor value; the floor is 0.05x of 1.13's time).  Use a Release
build: a Debug one registers its operators at -O0.
"""
import os
import statistics
import subprocess
import sys

CHILD = "import time\nt = time.perf_counter()\nimport %s\nprint(time.perf_counter() - t)\n"


def import_time(module):
    """Seconds the import of module took in a fresh python3, or None when
    it cannot be imported."""
    child = subprocess.run([sys.executable, "-c", CHILD % module], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, env=os.environ)
    if child.returncode != 0:
        return None
    return float(child.stdout)


def main(argv):
    rows = "--rows" in argv
    numbers = [a for a in argv if a.isdigit()]
    runs = int(numbers[0]) if numbers else 15
    modules = ["minaten", "torch"]
    if import_time("minaten") is None:
        sys.stderr.write("python_import.py: cannot import minaten (PYTHONPATH=BUILD_DIR/python)\n")
        return 1
    have_torch = import_time("torch") is not None
    times = {m: [] for m in modules}
    for _ in range(runs):
        for m in modules:
            if m == "torch" and not have_torch:
                continue
            times[m].append(import_time(m))
    ours = statistics.median(times["minaten"])
    theirs = statistics.median(times["torch"]) if have_torch else None
    if rows:
        print("row\t%s\t%s\t1\t%.6g\t%s\t%s\t%s" % ("python import (fresh process)", "ms", ours * 1e3,
                                               "%.6g" % (theirs * 1e3) if theirs else "-",
                                               "0.05x libtorch" if theirs else "-",
                                               "%.6g" % (0.05 * theirs * 1e3) if theirs else "-"))
    else:
        print("import minaten %7.2f ms   import torch (1.13) %7s ms   ratio %s  (goal 0.05x; median of %d)" % (
            ours * 1e3, "%.1f" % (theirs * 1e3) if theirs else "-",
            "%.3fx" % (ours / theirs) if theirs else "-", runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
