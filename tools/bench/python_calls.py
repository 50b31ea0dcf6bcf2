#!/usr/bin/python3
"""tools/bench/python_calls.py - one operator call from Python, minaten
against PyTorch 1.13 in the same python3 process (goals: at most 0.3x of
1.13's time for `a + b` on 1-element tensors and `x.reshape(6, 4)`; at most
0.5x for `a + b` under an empty TorchDispatchMode, which calls back into
Python for the operator and runs it again below the mode).

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
    ("a + b", "python a + b under an empty mode", "mode"),
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


def empty_mode(module):
    """An instance of a TorchDispatchMode that only calls the operator."""
    from importlib import import_module
    base = import_module(module.__name__ + ".utils._python_dispatch").TorchDispatchMode

    class Empty(base):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            return func(*args, **(kwargs or {}))

    return Empty()


class Timer:
    """timeit.Timer for stmt, run inside `mode` (a context manager) if given."""

    def __init__(self, module, stmt, under_mode):
        env = {"torch": module, "a": module.ones(1), "b": module.ones(1), "x": module.ones(24)}
        self.timer = timeit.Timer(stmt, globals=env)
        self.mode = empty_mode(module) if under_mode else None
        self.timeit(1000)  # warm up (torch.ops builds its packet on first use)

    def timeit(self, number):
        if self.mode is None:
            return self.timer.timeit(number)
        with self.mode:
            return self.timer.timeit(number)


def per_call(modules, stmt, under_mode=False, number=50000, repeat=15):
    """The best time per call of each module, their repeats interleaved so
    that a busy moment of the machine falls on both."""
    timers = [Timer(m, stmt, under_mode) if m is not None else None for m in modules]
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
        under_mode = goal == "mode"
        ours, theirs = per_call([minaten, torch], stmt, under_mode)
        share = 0.5 if under_mode else 0.3
        if rows:
            print("row\t%s\t%s\t1\t%.6g\t%s\t%s\t%s" % (measure, "ns", ours * 1e9,
                                                   "%.6g" % (theirs * 1e9) if theirs > 0 else "-",
                                                   "%.1fx libtorch" % share if goal and theirs > 0 else "-",
                                                   "%.6g" % (share * theirs * 1e9) if goal and theirs > 0 else "-"))
        else:
            ratio = "%.2fx" % (ours / theirs) if theirs > 0 else "-"
            print("%-34s minaten %7.0f ns   torch 1.13 %7s ns   ratio %s%s" % (
                stmt + (" (mode)" if under_mode else ""), ours * 1e9,
                "%.0f" % (theirs * 1e9) if theirs > 0 else "-", ratio,
                "  (goal %.2fx)" % share if goal else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
