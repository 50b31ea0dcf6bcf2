"""The conformance corpus's printing under minaten in a plain python3: each
script of tests/conformance/ runs statement by statement with `import
minaten as torch`, as the recorder ran it under PyTorch 1.13, and its
output is compared with its recorded .out.

A local runner (NB: until the shared one, python/minaten/_runner.py, lands)
splits a script as tools/oracle/record.py does (statements()): a line
ending in ':' takes the indented lines after it and its clauses; each
statement runs in the script's namespace, a failure printing `Type:
message`.  The helpers are there as far as minaten provides what they need:
trace_on() turns torch._C._set_dispatch_trace on, and raises while it does
not exist; show(), same_storage() and lazy_ir() use the tensor API as the
recorder's do, and fail where that API is missing.  While minaten lacks
torch.tensor and t[...] (py-new's), standins.py stands in for them: they
make the same values from operators minaten binds, so that the printing of
the tensors scripts build from literals is compared too.

Two measures:

  1. whole scripts: a script whose output has no failure its .out lacks
     (it needs nothing minaten's Python front end has yet to provide) must
     print its .out exactly.  Every such script of tests/conformance/printing/
     must; over the rest of the corpus the counts are reported (the other
     differences are not printing's: operators, the runner).
  2. printing statements (with PyTorch 1.13 importable, label torch): every
     script runs statement by statement under both libraries in this
     process, the trace off on both sides; while the two runs are in step
     (every statement before printed the same and failed on both sides or
     on neither), every statement that succeeds under both and whose 1.13
     output shows a tensor (`tensor(`) must print the same text under
     minaten.

    python3 test_conformance_printing.py [-v] [SCRIPT.py|DIR...]
"""
import ast
import collections
import contextlib
import glob
import io
import os
import re
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import recorded  # noqa: E402
import standins  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CONFORMANCE = os.path.join(ROOT, "tests", "conformance")

CLAUSE = re.compile(r"(elif\b|else\s*:|except\b|finally\s*:)")
ERROR_LINE = re.compile(r"^[A-Z]\w*(Error|Exception|Interrupt|Exit): ")

# Printing statements known to differ for a reason that is not printing's,
# (script, statement) -> the reason.  An entry that no longer differs is
# reported, to be removed.
KNOWN = {}


def statements(text):
    """(first line, source) of each top-level statement, split as
    tools/oracle/record.py statements() splits a script."""
    block, first = [], 0
    for lineno, line in enumerate(text.split("\n"), 1):
        if block and (line[:1] in (" ", "\t") or not line.strip() or CLAUSE.match(line)):
            block.append(line)
            continue
        if block:
            yield first, "\n".join(block)
            block = []
        stmt = line.strip()
        if not stmt or stmt.startswith("#") or stmt == "import torch":
            continue
        if stmt.endswith(":"):
            block, first = [line], lineno
            continue
        yield lineno, stmt
    if block:
        yield first, "\n".join(block)


def error_line(e):
    message = str(e).strip()
    return "%s: %s" % (type(e).__name__, message.splitlines()[0] if message else "")


class Helpers:
    """The dialect's helpers for one torch module.  traced: trace_on()
    turns the module's trace on (minaten: torch._C._set_dispatch_trace,
    raising while it is missing; PyTorch: a TorchDispatchMode), else it
    does nothing (the statement comparison, trace off on both sides)."""

    def __init__(self, torch, traced):
        self.torch, self.traced, self.mode, self.hooked = torch, traced, None, False

    def names(self):
        return {"show": self.show, "same_storage": self.same_storage, "lazy_ir": self.lazy_ir,
                "trace_on": self.trace_on, "trace_off": self.trace_off}

    def trace_on(self):
        if not self.traced or self.mode is not None or self.hooked:
            return
        if hasattr(self.torch._C, "_set_dispatch_trace"):
            self.torch._C._set_dispatch_trace(True)
            self.hooked = True
            return
        dispatch = getattr(getattr(self.torch, "utils", None), "_python_dispatch", None)
        if dispatch is None:
            raise NotImplementedError("trace_on(): this torch has no dispatch trace")

        class TraceMode(dispatch.TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                parts = str(func).split(".")
                overload = parts[2] if len(parts) > 2 else "default"
                print("op %s::%s%s" % (parts[0], parts[1], "" if overload == "default" else "." + overload))
                return func(*args, **(kwargs or {}))

        self.mode = TraceMode()
        self.mode.__enter__()

    def trace_off(self):
        if self.mode is not None:
            self.mode.__exit__(None, None, None)
            self.mode = None
        if self.hooked:
            self.torch._C._set_dispatch_trace(False)
            self.hooked = False

    @contextlib.contextmanager
    def untraced(self):
        was = self.mode is not None or self.hooked
        self.trace_off()
        try:
            yield
        finally:
            if was:
                self.trace_on()

    def show(self, t):
        torch = self.torch
        with self.untraced():
            def element(v):
                if t.dtype == torch.bool:
                    return "True" if v else "False"
                if t.dtype.is_floating_point or t.is_quantized:
                    return "%.6g" % v
                return "%d" % v
            host = t if str(t.device) == "cpu" else t.cpu()
            values = (host.dequantize() if host.is_quantized else host).reshape(-1).tolist()
            quant = ""
            if t.is_quantized:
                if t.qscheme() == torch.per_channel_affine:
                    quant = " axis=%d scales=[%s] zero_points=[%s]" % (
                        t.q_per_channel_axis(), ", ".join("%.6g" % s for s in t.q_per_channel_scales().tolist()),
                        ", ".join("%d" % z for z in t.q_per_channel_zero_points().tolist()))
                else:
                    quant = " scale=%.6g zero_point=%d" % (t.q_scale(), t.q_zero_point())
            print("tensor shape=%s stride=%s offset=%d dtype=%s device=%s contiguous=%s%s data=[%s]" % (
                list(t.shape), list(t.stride()), t.storage_offset(), str(t.dtype).replace("torch.", ""),
                t.device, t.is_contiguous(), quant, ", ".join(element(v) for v in values)))

    def same_storage(self, a, b):
        with self.untraced():
            print(a.storage().data_ptr() == b.storage().data_ptr())

    def lazy_ir(self, t):
        with self.untraced():
            text = self.torch._C._lazy._get_tensors_text([t])
            print(re.sub(r", NodeType=[^\n]*", "", text))


@contextlib.contextmanager
def as_torch(module):
    """sys.modules['torch'] is module while a script runs (`import torch` in a function)."""
    saved = sys.modules.get("torch")
    sys.modules["torch"] = module
    try:
        yield
    finally:
        if saved is None:
            del sys.modules["torch"]
        else:
            sys.modules["torch"] = saved


def run_script(path, torch, traced):
    """The outputs of each statement of a script run with torch: a list of
    (source, text, failed)."""
    with open(path) as f:
        text = f.read()
    helpers = Helpers(torch, traced)
    namespace = {"torch": torch, "__builtins__": __builtins__, "__name__": "__main__"}
    namespace.update(helpers.names())
    name = os.path.basename(path)
    results = []
    with as_torch(torch), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for lineno, stmt in statements(text):
            out = io.StringIO()
            failed = False
            with contextlib.redirect_stdout(out):
                try:
                    exec(compile(stmt + "\n", "%s:%d" % (name, lineno), "exec"), namespace)
                except Exception as e:
                    print(error_line(e))
                    failed = True
            results.append((stmt, out.getvalue(), failed))
        with contextlib.redirect_stdout(io.StringIO()):
            helpers.trace_off()
    return results


def needs_more(output, expected):
    """Whether minaten's output has a failure the recording lacks: the script
    needs what minaten's Python front end has yet to provide."""
    have = collections.Counter(line for line in expected.split("\n") if ERROR_LINE.match(line))
    for line in output.split("\n"):
        if ERROR_LINE.match(line):
            if have[line] == 0:
                return True
            have[line] -= 1
    return False


def scripts_of(args):
    found = []
    for arg in args or [CONFORMANCE]:
        if os.path.isdir(arg):
            found += sorted(glob.glob(os.path.join(arg, "**", "*.py"), recursive=True))
        else:
            found.append(arg)
    return [s for s in found if os.path.exists(os.path.splitext(s)[0] + ".out")]


def whole_scripts(minaten, scripts, verbose):
    """Measure 1.  Returns the printing/ scripts that differ."""
    counts = collections.Counter()
    failures = []
    printing = os.path.join(CONFORMANCE, "printing") + os.sep
    for script in scripts:
        with open(os.path.splitext(script)[0] + ".out") as f:
            expected = f.read()
        output = "".join(text for _, text, _ in run_script(script, minaten, traced=True))
        rel = os.path.relpath(script, ROOT)
        if output == expected:
            counts["match"] += 1
            if verbose:
                print("match       %s" % rel)
        elif needs_more(output, expected):
            counts["needs more"] += 1
            if verbose:
                print("needs more  %s" % rel)
        else:
            counts["differ"] += 1
            if script.startswith(printing):
                failures.append(rel)
            if verbose or script.startswith(printing):
                print("differs     %s" % rel)
    print("whole scripts: %d, %d match their .out, %d need more than minaten provides, %d differ"
          % (len(scripts), counts["match"], counts["needs more"], counts["differ"]))
    return failures


def printing_statements(minaten, torch, scripts, verbose):
    """Measure 2.  Returns the differing statements."""
    compared, differ = 0, []
    for script in scripts:
        ours = run_script(script, minaten, traced=False)
        theirs = run_script(script, torch, traced=False)
        # only while the two runs are in step: up to the first statement that
        # fails on one side only or prints something else (after it, the
        # script's state differs: a value minaten could not make)
        for (stmt, text, failed), (_, their_text, their_failed) in zip(ours, theirs):
            if failed != their_failed:
                break
            if not failed and "tensor(" in their_text:
                compared += 1
                if text != their_text:
                    differ.append((os.path.relpath(script, ROOT), stmt, their_text, text))
            if text != their_text:
                break
    known = [d for d in differ if (d[0], d[1]) in KNOWN]
    differ = [d for d in differ if (d[0], d[1]) not in KNOWN]
    for rel, stmt, their_text, text in differ:
        print("printing differs: %s: %s\n  pytorch: %r\n  minaten: %r" % (rel, stmt, their_text, text))
    for rel, stmt, _, _ in known:
        print("known difference: %s: %s (%s)" % (rel, stmt, KNOWN[(rel, stmt)]))
    checked = {os.path.relpath(s, ROOT) for s in scripts}
    stale = [key for key in KNOWN if key[0] in checked and key not in {(d[0], d[1]) for d in known}]
    for rel, stmt in stale:
        print("known difference no longer differs (remove it from KNOWN): %s: %s" % (rel, stmt))
    print("printing statements: %d compared with PyTorch 1.13, %d differ, %d known differences"
          % (compared, len(differ), len(known)))
    return differ + stale


def import_torch():
    """PyTorch 1.13 with its Lazy backend ready, or None (recorded.py)."""
    torch = recorded.import_torch()
    if torch is not None:
        import torch._lazy.ts_backend
        import torch.utils._python_dispatch  # noqa: F401
        torch._lazy.ts_backend.init()
    return torch


def install_standins(minaten):
    """standins.py's torch.tensor and t[...] while minaten lacks them; the
    stand-in torch.tensor refuses requires_grad=True, which it cannot give
    (no requires_grad_ without the autograd objects), so that a script
    using it is out of step there rather than printing a tensor that
    requires nothing."""
    if hasattr(minaten, "tensor"):
        return
    standins.install(minaten)
    build = minaten.tensor

    def tensor(data, dtype=None, device=None, requires_grad=False):
        if requires_grad:
            raise NotImplementedError("the stand-in torch.tensor cannot make a tensor that requires grad")
        return build(data, dtype=dtype, device=device)

    minaten.tensor = tensor


def main(argv):
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    sys.setrecursionlimit(10000)
    import minaten
    install_standins(minaten)
    scripts = scripts_of(args)
    failures = whole_scripts(minaten, scripts, verbose)
    differ = []
    torch = import_torch()
    if torch is not None:
        differ = printing_statements(minaten, torch, scripts, verbose)
    ok = not failures and not differ
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    # the scripts print from C (trace lines) through Python's sys.stdout
    sys.exit(main(sys.argv[1:]))
