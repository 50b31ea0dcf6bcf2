#!/usr/bin/python3
"""Records what PyTorch 1.13 does for the tests of tests/python, for
machines without torch (CI):

    PYTHONPATH=build/python /usr/bin/python3 tests/python/record.py

writes ops_sweep.expected (test_ops_sweep.py: every call of the operator
sweep), scripts.expected (test_scripts.py: each script's output) and
test_tensor_str.expected (test_tensor_str.py --record: repr of tensors, with
1.13's own printing, before canonical.py replaces it), all beside this
file.  minaten's build is needed only for the list of its operators (the
sweep's calls are built from its schemas).  Never edit the
outputs by hand; run this again.
"""
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import minaten  # noqa: E402

import canonical  # noqa: E402
import ops_sweep  # noqa: E402
import recorded  # noqa: E402
import test_scripts  # noqa: E402
import test_tensor_str  # noqa: E402


def main():
    warnings.simplefilter("ignore")
    assert torch.__version__.startswith("1.13"), "record with PyTorch 1.13 (/usr/bin/python3)"
    test_tensor_str.record()
    canonical.install(torch)
    header = ["recorded by tests/python/record.py under PyTorch %s; do not edit" % torch.__version__]
    sweep = ops_sweep.run(torch, ops_sweep.schemas(minaten))
    recorded.save(os.path.join(HERE, "ops_sweep.expected"), sweep, header)
    outputs = {path: test_scripts.escape(test_scripts.run(torch, path)) for path in test_scripts.scripts()}
    recorded.save(os.path.join(HERE, "scripts.expected"), outputs, header)
    print("recorded %d sweep calls, %d scripts" % (len(sweep), len(outputs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
