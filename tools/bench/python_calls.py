#!/usr/bin/python3
"""tools/bench/python_calls.py - one operator call from Python, minaten
against PyTorch 1.13 in the same python3 process (issue 30's goal: at most
0.3x of 1.13's time for `a + b` on 1-element tensors and `x.reshape(6, 4)`).

    PYTHONPATH=build-release/python /usr/bin/python3 tools/bench/python_calls.py [--rows]

Each statement is timed with timeit (the best of 15 repeats of 50,000
calls, per call), the repeats under minaten and under torch interleaved,
in one process, so that both see the same machine.  --rows prints the rows of
tools/bench/compare (bench.h's format: measure, unit, minaten, libtorch,
floor, floor value; the floor is 0.3x of 1.13's time).  Use a Release
build: a Debug one measures the -O0 kernels.
"""
import sys
import timeit

STATEMENTS = [
    ("a + b", "python a + b (1 element)", True),
    ("x.reshape(6, 4)", "python x.reshape(6, 4)", True),
    ("torch.add(a, b)", "python torch.add(a, b)", False),
    ("a.add(b, alpha=2)", "python a.add(b, alpha=2)", False),
    ("x.view(6, 4)", "python x.view(6, 4)", False),
    ("x.t()", "python x.t()", False),
    ("x.sum(0)", "python x.sum(0)", False),
    ("a.dim()", "python a.dim()", False),
    ("x.size()", "python x.size()", False),
    ("torch.ops.aten.add.Tensor(a, b)", "python torch.ops.aten.add.Tensor", False),
]


def timer(module, stmt):
    env = {"torch": module, "a": module.ones(1), "b": module.ones(1), "x": module.ones(24)}
    t = timeit.Timer(stmt, globals=env)
    t.timeit(1000)  # warm up (torch.ops builds its packet on first use)
    return t


def per_call(modules, stmt, number=50000, repeat=15):
    """The best time per call of each module, their repeats interleaved so
    that a busy moment of the machine falls on both."""
    timers = [timer(m, stmt) if m is not None else None for m in modules]
    best = [float("inf")] * len(modules)
    for _ in range(repeat):
        for i, t in enumerate(timers):
            if t is not None:
                best[i] = min(best[i], t.timeit(number) / number)
    return [b if b != float("inf") else -1 for b in best]


def main():
    rows = "--rows" in sys.argv
    import minaten
    try:
        import torch
    except ImportError:
        torch = None
    for stmt, measure, goal in STATEMENTS:
        ours, theirs = per_call([minaten, torch], stmt)
        if rows:
            print("row\t%s\t%s\t1\t%.6g\t%s\t%s\t%s" % (measure, "ns", ours * 1e9,
                                                   "%.6g" % (theirs * 1e9) if theirs > 0 else "-",
                                                   "0.3x libtorch" if goal and theirs > 0 else "-",
                                                   "%.6g" % (0.3 * theirs * 1e9) if goal and theirs > 0 else "-"))
        else:
            ratio = "%.2fx" % (ours / theirs) if theirs > 0 else "-"
            print("%-34s minaten %7.0f ns   torch 1.13 %7s ns   ratio %s%s" % (
                stmt, ours * 1e9, "%.0f" % (theirs * 1e9) if theirs > 0 else "-", ratio,
                "  (goal 0.30x)" if goal else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
