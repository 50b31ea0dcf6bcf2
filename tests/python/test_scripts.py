"""Scripts run statement by statement (local_runner.py) with `torch` bound
to minaten, each statement's output or error compared with PyTorch 1.13's
(tensors printed by canonical.py): the scripts of tests/python/scripts/
(this part of issue 30: bindings, numbers, conversions, errors, torch.ops)
and the conformance scripts listed in conformance_scripts.txt.  1.13 runs
in this process when `import torch` works; else its outputs are read from
scripts.expected (written by record.py).

    PYTHONPATH=build/python /usr/bin/python3 tests/python/test_scripts.py
"""
import difflib
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import minaten  # noqa: E402

import canonical  # noqa: E402
import local_runner  # noqa: E402
import recorded  # noqa: E402
import standins  # noqa: E402


def scripts():
    """Paths relative to the repository root."""
    own = sorted(os.path.join("tests", "python", "scripts", f)
                 for f in os.listdir(os.path.join(HERE, "scripts")) if f.endswith(".py"))
    with open(os.path.join(HERE, "conformance_scripts.txt")) as f:
        listed = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    return own + listed


def run(module, path):
    with open(os.path.join(ROOT, path)) as f:
        source = f.read()
    return local_runner.run(source, module, os.path.basename(path))


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def main():
    warnings.simplefilter("ignore")
    standins.install(minaten)
    canonical.install(minaten)
    torch = recorded.import_torch()
    if torch is not None:
        canonical.install(torch)
        source = "PyTorch %s in this process" % torch.__version__
    else:
        expected = recorded.load(os.path.join(HERE, "scripts.expected"))
        source = "scripts.expected"
    failed = 0
    paths = scripts()
    try:
        import numpy  # noqa: F401
        have_numpy = True
    except ImportError:
        have_numpy = False
    for path in paths:
        with open(os.path.join(ROOT, path)) as f:
            if "import numpy" in f.read() and not have_numpy:
                print("SKIPPED %s (no numpy)" % path)
                continue
        ours = run(minaten, path)
        if torch is not None:
            theirs = run(torch, path)
        elif path in expected:
            theirs = expected[path].replace("\\n", "\n").replace("\\\\", "\\")
        else:
            print("UNRECORDED %s" % path)
            continue
        if ours != theirs:
            failed += 1
            print("DIFFERS %s" % path)
            for line in difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "1.13", "minaten", lineterm="", n=0):
                print("  " + line)
    print("scripts against %s: %d run, %d differ" % (source, len(paths), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
