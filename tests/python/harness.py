"""tests/python/harness.py - one list of cases, run under minaten and under
PyTorch 1.13, compared line by line.

A test script (test_*.py beside this file) lists its CASES: Python source
strings run in order in one namespace holding `torch` (the module under
test), `np` (NumPy) and the helpers below.  Each case prints one line:

    CASE -> VALUE          the value of its last line, when that is an expression
    CASE -> ok             a case without a value
    CASE -> Type: message  the exception it raised (the message's first line)

preceded by the warnings it raised (`  UserWarning: message`, each one) and,
for a case starting with `TRACE `, the operators a TorchDispatchMode sees
while it runs (`  op aten::lift_fresh`): under PyTorch a TorchDispatchMode,
under minaten torch._C._set_dispatch_trace (csrc/utils/dispatch_trace.c).

A case starting with `NEEDS(EXPR) ` is skipped under minaten while EXPR (with
`torch` the minaten module) is false: it uses what another part of minaten
has yet to provide (`NEEDS(hasattr(torch.Tensor, "__index__")) `); the
count of cases skipped is printed.

Values print by fmt(): a tensor as its dtype, shape and elements (tolist()),
a NumPy array as its dtype, shape, strides and elements, a list or tuple
item by item, anything else by repr().

    python3 test_X.py            compare minaten with PyTorch run in this
                                 process when it imports (and check that the
                                 recording is PyTorch's output), else with the
                                 recording test_X.expected; exit status 1 on a
                                 difference.  MINATEN_TEST_NO_TORCH=1: never
                                 import PyTorch; MINATEN_TEST_REQUIRE_TORCH=1:
                                 exit status 77 (skipped) without it.
    python3 test_X.py --record   (with Debian's /usr/bin/python3 and its
                                 python3-torch) write test_X.expected from
                                 PyTorch 1.13.  Never edit one by hand.
    python3 test_X.py --show     print minaten's lines
"""
import contextlib
import difflib
import importlib
import io
import os
import re
import sys
import warnings


def fmt(x, torch):
    """A value as one comparable string, the same for minaten and PyTorch."""
    if isinstance(x, torch.Tensor):
        return "tensor(%s, %s, %s)" % (str(x.dtype).replace("torch.", ""), list(x.shape), x.tolist())
    if type(x).__name__ == "ndarray":
        return "array(%s, %s, strides=%s, %s)" % (x.dtype, list(x.shape), x.strides, x.tolist())
    if isinstance(x, (list, tuple)) and any(isinstance(i, torch.Tensor) or type(i).__name__ == "ndarray" for i in x):
        inner = ", ".join(fmt(i, torch) for i in x)
        return "[%s]" % inner if isinstance(x, list) else "(%s)" % inner
    if isinstance(x, torch.dtype):
        return str(x)
    return repr(x)


def exception_line(e):
    message = str(e).strip()
    return "%s: %s" % (type(e).__name__, message.splitlines()[0] if message else "")


class Tracer:
    """trace_on / trace_off for one torch module: lines `op aten::NAME`."""

    def __init__(self, torch):
        self.torch = torch
        self.is_minaten = hasattr(torch._C, "_set_dispatch_trace")

    @contextlib.contextmanager
    def tracing(self, lines):
        if self.is_minaten:
            out = io.StringIO()
            try:
                with contextlib.redirect_stdout(out):
                    self.torch._C._set_dispatch_trace(True)
                    try:
                        yield
                    finally:
                        self.torch._C._set_dispatch_trace(False)
            finally:
                lines.extend(line for line in out.getvalue().splitlines() if line)
        else:
            from torch.utils._python_dispatch import TorchDispatchMode

            class Mode(TorchDispatchMode):
                def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                    parts = str(func).split(".")
                    overload = "" if len(parts) < 3 or parts[2] == "default" else "." + parts[2]
                    lines.append("op %s::%s%s" % (parts[0], parts[1], overload))
                    return func(*args, **(kwargs or {}))

            with Mode():
                yield


NEEDS = re.compile(r"NEEDS\((.*?)\) ")


def run_cases(torch, cases, extra=None, skip_needs=False):
    """The output of each case under `torch`: a list of lines per case, None
    for a case skipped (skip_needs: its NEEDS expression is false)."""
    import numpy as np
    if not hasattr(torch._C, "_set_dispatch_trace") and any("lazy" in case for case in cases):
        import torch._lazy.ts_backend  # PyTorch's Lazy backend, as tools/oracle/record.py starts it
        torch._lazy.ts_backend.init()
    env = {"torch": torch, "np": np, "fmt": lambda x: fmt(x, torch)}
    env.update(extra or {})
    tracer = Tracer(torch)
    chunks = []
    for case in cases:
        needs = NEEDS.match(case)
        if needs:
            case = case[needs.end():]
            if skip_needs and not eval(needs.group(1), dict(env)):
                chunks.append(None)
                continue
        out = []
        chunks.append(out)
        traced = case.startswith("TRACE ")
        source = case[len("TRACE "):] if traced else case
        label = source.strip().splitlines()[-1] if source.strip() else source
        lines = source.strip().splitlines()
        trace_lines = []
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                with tracer.tracing(trace_lines) if traced else contextlib.nullcontext():
                    body, last = lines[:-1], lines[-1] if lines else ""
                    if body:
                        exec(compile("\n".join(body), "<case>", "exec"), env)
                    try:
                        code = compile(last, "<case>", "eval")
                    except SyntaxError:
                        exec(compile(last, "<case>", "exec"), env)
                        result = "ok"
                    else:
                        result = fmt(eval(code, env), torch)
            except Exception as e:  # noqa: BLE001 - the case's outcome
                result = exception_line(e)
        for w in caught:
            out.append("  %s: %s" % (w.category.__name__, str(w.message).splitlines()[0]))
        out.extend("  " + line for line in trace_lines)
        out.append("%s -> %s" % (label, result))
    return chunks


def lines_of(chunks):
    return [line for chunk in chunks if chunk is not None for line in chunk]


def chunks_of(lines):
    """Recorded lines cut back into cases: each ends with its unindented line."""
    chunks, chunk = [], []
    for line in lines:
        chunk.append(line)
        if not line.startswith("  "):
            chunks.append(chunk)
            chunk = []
    return chunks


def load_minaten():
    return importlib.import_module("minaten")


def load_pytorch():
    """PyTorch 1.13, or None (absent, or MINATEN_TEST_NO_TORCH=1)."""
    if os.environ.get("MINATEN_TEST_NO_TORCH") == "1":
        return None
    try:
        import torch
    except ImportError:
        return None
    if not torch.__version__.startswith("1.13"):
        return None
    return torch


def compare(expected, actual, what):
    """expected: chunks; actual: chunks, None where skipped."""
    if len(expected) != len(actual):
        print("FAIL: %d cases in %s, %d run: re-record it (--record)" % (len(expected), what, len(actual)))
        return False
    expected = lines_of(e for e, a in zip(expected, actual) if a is not None)
    actual = lines_of(actual)
    if expected == actual:
        return True
    print("FAIL: minaten differs from %s" % what)
    sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(
        expected, actual, what, "minaten", lineterm="", n=1))
    return False


def main(test_file, cases, extra=None, together=None, alone=None):
    """The command line of a test script (see the module's docstring).
    together(minaten, torch), when PyTorch imports: checks of the two
    libraries used together (DLPack); alone(minaten), always: checks of
    what minaten does where 1.13 crashes (nothing can be recorded); each
    returns a list of failures."""
    expected_path = os.path.splitext(test_file)[0] + ".expected"
    header = ("# recorded from PyTorch 1.13 by `/usr/bin/python3 %s --record`; do not edit\n"
              % os.path.relpath(test_file, os.path.join(os.path.dirname(test_file), "..", "..")))
    if "--record" in sys.argv:
        torch = load_pytorch()
        if torch is None:
            sys.exit("record: PyTorch 1.13 is not importable (use /usr/bin/python3 with python3-torch)")
        lines = lines_of(run_cases(torch, cases, extra))
        with open(expected_path, "w") as f:
            f.write(header)
            f.writelines(line + "\n" for line in lines)
        print("wrote %s (%d lines)" % (expected_path, len(lines)))
        return
    minaten = load_minaten()
    actual = run_cases(minaten, cases, extra, skip_needs=True)
    if "--show" in sys.argv:
        sys.stdout.writelines(line + "\n" for line in lines_of(actual))
        return
    ok = True
    with open(expected_path) as f:
        recorded = chunks_of([line.rstrip("\n") for line in f if not line.startswith("# ")])
    torch = load_pytorch()
    if torch is None and os.environ.get("MINATEN_TEST_REQUIRE_TORCH") == "1":
        print("skipped: PyTorch 1.13 does not import")
        sys.exit(77)
    if torch is not None:
        live = run_cases(torch, cases, extra)
        if live != recorded:
            ok = False
            print("FAIL: %s is not what PyTorch prints now: re-record it (--record)" % expected_path)
        ok = compare(live, actual, "pytorch") and ok
        if together is not None:
            failures = together(minaten, torch)
            for failure in failures:
                print("FAIL (minaten with PyTorch): %s" % failure)
            ok = ok and not failures
    else:
        ok = compare(recorded, actual, os.path.basename(expected_path)) and ok
    if alone is not None:
        failures = alone(minaten)
        for failure in failures:
            print("FAIL (minaten alone): %s" % failure)
        ok = ok and not failures
    skipped = sum(chunk is None for chunk in actual)
    print("%s: %d cases%s, %s" % (os.path.basename(test_file), len(actual),
                                  " (%d skipped: NEEDS)" % skipped if skipped else "", "match" if ok else "DIFFER"))
    sys.exit(0 if ok else 1)
