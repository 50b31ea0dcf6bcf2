"""Every operator minaten registers, called through torch.NAME, Tensor.NAME
and torch.ops with a few argument sets (ops_sweep.py), compared call by
call with PyTorch 1.13: run in this process when `import torch` works,
else read from ops_sweep.expected (written by record.py under 1.13).

The differences minaten knows of are listed, with their reason, in
ops_sweep.known; any other difference fails, and so does a known one that
no longer differs (so the list stays true).

    PYTHONPATH=build/python /usr/bin/python3 tests/python/test_ops_sweep.py [-v]
"""
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import minaten  # noqa: E402

import canonical  # noqa: E402
import ops_sweep  # noqa: E402
import recorded  # noqa: E402


def main():
    verbose = "-v" in sys.argv
    warnings.simplefilter("ignore")
    canonical.install(minaten)
    schemas = ops_sweep.schemas(minaten)
    ours = ops_sweep.run(minaten, schemas)
    torch = recorded.import_torch()
    if torch is not None:
        canonical.install(torch)
        expected = ops_sweep.run(torch, schemas)
        source = "PyTorch %s in this process" % torch.__version__
    else:
        expected = recorded.load(os.path.join(HERE, "ops_sweep.expected"))
        source = "ops_sweep.expected"
    known = recorded.load(os.path.join(HERE, "ops_sweep.known"))
    failures, fixed, unrecorded = [], [], 0
    for case, outcome in ours.items():
        if case not in expected:
            unrecorded += 1
            continue
        same = outcome == expected[case]
        if not same and case not in known:
            failures.append((case, expected[case], outcome))
        elif same and case in known:
            fixed.append(case)
    for case in known:
        if case not in ours:
            fixed.append(case + " (no such case)")
    print("ops sweep against %s: %d calls, %d match, %d known differences, %d unrecorded" %
          (source, len(ours), len(ours) - len(failures) - len(known) - unrecorded + len(fixed), len(known), unrecorded))
    for case, exp, got in failures:
        print("DIFFERS %s\n  1.13:    %s\n  minaten: %s" % (case, exp, got))
    for case in fixed:
        print("FIXED (remove from ops_sweep.known): %s" % case)
    if verbose:
        for case, reason in known.items():
            print("known: %s: %s" % (case, reason))
    return 1 if failures or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
