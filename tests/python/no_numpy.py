"""The extension without NumPy: with `import numpy` failing (sys.modules
entry None), minaten imports, makes tensors, indexes them and lists them;
t.numpy() and torch.from_numpy raise 1.13's RuntimeError "Numpy is not
available"; DLPack works between minaten tensors.  Exit status 1 on a
failure."""
import sys

sys.modules["numpy"] = None  # `import numpy` raises ImportError from here on

import minaten as torch  # noqa: E402

failures = []


def check(what, got, want):
    if got != want:
        failures.append("%s: %r, expected %r" % (what, got, want))


def raises(what, fn, want):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        check(what, "%s: %s" % (type(e).__name__, e), want)
    else:
        failures.append("%s: no exception" % what)


t = torch.tensor([[1, 2], [3, 4]])
check("tensor", t.tolist(), [[1, 2], [3, 4]])
check("indexing", t[1, 1].tolist(), 4)
t[0] = 7
check("assignment", t.tolist(), [[7, 7], [3, 4]])
check("legacy", torch.Tensor([1, 2]).tolist(), [1.0, 2.0])
raises("numpy()", lambda: t.numpy(), "RuntimeError: Numpy is not available")
raises("from_numpy", lambda: torch.from_numpy([1]), "RuntimeError: Numpy is not available")
check("dlpack", torch.from_dlpack(torch.to_dlpack(t)).tolist(), [[7, 7], [3, 4]])
check("numpy still refused", "numpy" in sys.modules and sys.modules["numpy"] is None, True)

for failure in failures:
    print("FAIL: %s" % failure)
print("no_numpy: %s" % ("ok" if not failures else "%d failures" % len(failures)))
sys.exit(1 if failures else 0)
