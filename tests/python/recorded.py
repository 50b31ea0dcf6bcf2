"""Helpers of the tests that compare with PyTorch 1.13: importing it (or
learning that it is absent, as in CI), and the recorded files, one case a
line: `CASE<TAB>TEXT` (TEXT with its newlines written as \\n)."""
import os


def import_torch():
    """Real PyTorch 1.13, or None (absent, or MINATEN_TEST_RECORDED set: the
    recorded expectations are used even where torch is there)."""
    if os.environ.get("MINATEN_TEST_RECORDED"):
        return None
    try:
        import torch
    except ImportError:
        return None
    if not torch.__version__.startswith("1.13"):
        return None
    return torch


def load(path):
    """{case: text} of a recorded file; {} if it does not exist."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            case, _, text = line.partition("\t")
            out[case] = text
    return out


def save(path, cases, header):
    with open(path, "w", encoding="utf-8") as f:
        for h in header:
            f.write("# %s\n" % h)
        for case in sorted(cases):
            f.write("%s\t%s\n" % (case, cases[case]))
