#!/usr/bin/python3
"""tools/oracle/record.py - record what real PyTorch prints for dialect scripts.

    tools/oracle/record.py SCRIPT.py|DIR...        write SCRIPT.out beside each script
    tools/oracle/record.py --stdout SCRIPT.py...   print instead of writing
    tools/oracle/record.py --check [SCRIPT.py|DIR...]
                          re-run; report scripts whose committed .out differs
                          (no argument: every recorded script of the project)
    -j N                  run N scripts at a time (default: the number of CPUs)

A DIR stands for every `*.py` below it (for --check: those with a `.out`).
Each script runs in a fresh interpreter process of its own, as a reference
run does, so that no state (the lazy backend, the trace mode) leaks from one
script into the next.

Needs Debian's python3-torch (PyTorch 1.13): run with /usr/bin/python3.
Each script runs statement by statement as docs/dialect.md says:
`import torch`, blank and `#` lines are skipped; a line ending in ':' starts a
block that takes the indented and blank lines after it and its
elif/else/except/finally clause lines; every other line is a statement of its
own.  Each statement is compiled whole, as `FILE:LINE` (the script's base
name and the statement's first line, what a SyntaxError names), and runs as
if wrapped in try/except, a failure printing `Type: message` (the first line
of the message).  The four helpers are defined here with the output docs/dialect.md gives:

    show(t)            tensor shape=[..] stride=[..] offset=N dtype=D device=V
                       contiguous=B [scale=.. zero_point=..] data=[..]
    same_storage(a, b) True when both use the same storage
    trace_on() / trace_off()
                       a TorchDispatchMode printing `op NS::NAME[.OVERLOAD]`
                       for every call that reaches it; the helpers themselves
                       are never traced
    lazy_ir(t)         minaten's builtin: torch._C._lazy._get_tensors_text([t])
                       without the C++ `, NodeType=...` suffixes

A script that loads operator libraries (torch.ops.load_library("libmyops.so"),
tests/library/, examples/custom_op/) finds beside it a folder `torch/` of
the same libraries written for PyTorch (`NAME.cpp`, TORCH_LIBRARY blocks):
the recorder builds each into libNAME.so (g++ against Debian's libtorch-dev
headers, once per content, in a folder of the temporary directory) and runs
the script from that folder, so that the relative path loads PyTorch's.
The `torch/*.py` there run first, in the script's process: operators
defined with torch.library (tests/yaml_runtime: the counterpart of --yaml).

The outputs it writes are the conformance tests' expectations: never type or
edit one by hand; re-record it.
"""
import concurrent.futures
import contextlib
import glob
import hashlib
import runpy
import tempfile
import re
import os
import subprocess
import sys

import torch
from torch.utils._python_dispatch import TorchDispatchMode


class TraceMode(TorchDispatchMode):
    """Prints each operator as the dialect's trace does."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        parts = str(func).split(".")  # aten.transpose.int / quantized.add.default
        ns, name = parts[0], parts[1]
        overload = parts[2] if len(parts) > 2 else "default"
        suffix = "" if overload == "default" else "." + overload
        print("op %s::%s%s" % (ns, name, suffix))
        return func(*args, **(kwargs or {}))


class Session:
    """The state of one script run: the trace mode, the lazy backend."""

    def __init__(self):
        self.mode = None
        self.lazy_ready = False

    def trace_on(self):
        if self.mode is None:
            self.mode = TraceMode()
            self.mode.__enter__()

    def trace_off(self):
        if self.mode is not None:
            self.mode.__exit__(None, None, None)
            self.mode = None

    @contextlib.contextmanager
    def untraced(self):
        was_on = self.mode is not None
        self.trace_off()
        try:
            yield
        finally:
            if was_on:
                self.trace_on()

    def ensure_lazy(self):
        if not self.lazy_ready:
            import torch._lazy
            import torch._lazy.ts_backend
            torch._lazy.ts_backend.init()
            self.lazy_ready = True

    # ---- the helpers -------------------------------------------------------

    def show(self, t):
        with self.untraced():
            print(show_line(t))

    def same_storage(self, a, b):
        with self.untraced():
            print(a.storage().data_ptr() == b.storage().data_ptr())

    def lazy_ir(self, t):
        with self.untraced():
            self.ensure_lazy()
            text = torch._C._lazy._get_tensors_text([t])
            print(re.sub(r", NodeType=[^\n]*", "", text))


def format_element(v, dtype):
    if dtype == torch.bool:
        return "True" if v else "False"
    if dtype.is_floating_point or dtype in (torch.quint8, torch.qint8, torch.qint32):
        return "%.6g" % v
    return "%d" % v


def show_line(t):
    dtype = t.dtype
    device = str(t.device)
    host = t if device == "cpu" else t.cpu()
    values = (host.dequantize() if host.is_quantized else host).reshape(-1).tolist()
    quant = ""
    if t.is_quantized:
        if t.qscheme() in (torch.per_channel_affine, torch.per_channel_affine_float_qparams):
            quant = " axis=%d scales=[%s] zero_points=[%s]" % (
                t.q_per_channel_axis(),
                ", ".join("%.6g" % s for s in t.q_per_channel_scales().tolist()),
                ", ".join("%d" % z for z in t.q_per_channel_zero_points().tolist()))
        else:
            quant = " scale=%.6g zero_point=%d" % (t.q_scale(), t.q_zero_point())
    return "tensor shape=%s stride=%s offset=%d dtype=%s device=%s contiguous=%s%s data=[%s]" % (
        list(t.shape), list(t.stride()), t.storage_offset(), str(dtype).replace("torch.", ""),
        device, t.is_contiguous(), quant, ", ".join(format_element(v, dtype) for v in values))


CLAUSE = re.compile(r"(elif\b|else\s*:|except\b|finally\s*:)")


def statements(path):
    """The script's top-level statements with their first line numbers, split
    as the reference run splits them: a line ending in ':' takes the
    indented and blank lines after it and the clauses that continue it,
    joined by newlines; any other line is one statement, stripped."""
    block, first = [], 0
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f]
    for lineno, line in enumerate(lines, 1):
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


def run_script(path):
    """Runs one script in this process, printing to stdout as it goes."""
    session = Session()
    env = {"torch": torch, "show": session.show, "same_storage": session.same_storage,
           "lazy_ir": session.lazy_ir,
           "trace_on": session.trace_on, "trace_off": session.trace_off,
           "__builtins__": __builtins__}
    name = os.path.basename(path)
    for lineno, stmt in statements(path):
        if "lazy" in stmt:
            session.ensure_lazy()
        try:
            exec(compile(stmt + "\n", "%s:%d" % (name, lineno), "exec"), env)
        except Exception as e:  # the dialect's per-statement try/except
            message = str(e).strip()
            first = message.splitlines()[0] if message else ""
            print("%s: %s" % (type(e).__name__, first))
        sys.stdout.flush()
    session.trace_off()
    sys.stdout.flush()


# ---- the driver: one child process per script ------------------------------

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CORPUS_DIRS = ("tests/conformance", "tests/extension", "tools/demo", "tests/library", "tests/yaml_runtime",
               "tests/explain", "examples")


def library_folder(script):
    """The folder a script runs from: where its operator libraries for
    PyTorch (the `torch/*.cpp` beside it) are built, or None (the current
    folder) when it has none.  Builds them when that folder lacks them."""
    sources = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(script)), "torch", "*.cpp")))
    if not sources:
        return None
    digest = hashlib.sha1()
    for src in sources:
        with open(src, "rb") as f:
            digest.update(os.path.basename(src).encode() + b"\0" + f.read())
    folder = os.path.join(tempfile.gettempdir(), "minaten-oracle-libraries-" + digest.hexdigest()[:16])
    os.makedirs(folder, exist_ok=True)
    for src in sources:
        lib = os.path.join(folder, "lib%s.so" % os.path.splitext(os.path.basename(src))[0])
        if not os.path.exists(lib):
            subprocess.run(["g++", "-shared", "-fPIC", "-std=c++17", "-O1", src, "-o", lib + ".part",
                            "-ltorch", "-ltorch_cpu", "-lc10"], check=True)
            os.replace(lib + ".part", lib)
    return folder


def expected_path(script):
    return os.path.splitext(script)[0] + ".out"


def collect(args, recorded_only):
    """The scripts named by args (files, or folders searched recursively)."""
    scripts = []
    for arg in args:
        if os.path.isdir(arg):
            for dirpath, dirnames, filenames in os.walk(arg):
                dirnames.sort()
                for name in sorted(filenames):
                    path = os.path.join(dirpath, name)
                    if name.endswith(".py") and (not recorded_only or os.path.exists(expected_path(path))):
                        scripts.append(path)
        else:
            scripts.append(arg)
    return scripts


def preload_libraries(script):
    """Runs the `torch/*.py` beside a script (operators it defines with
    torch.library); returns their globals, which hold the Library objects."""
    folder = os.path.join(os.path.dirname(os.path.abspath(script)), "torch")
    return [runpy.run_path(path) for path in sorted(glob.glob(os.path.join(folder, "*.py")))]


def record(script, cwd=None):
    """Runs script in a child process (from cwd, if given); returns (output
    text, error or None)."""
    child = subprocess.run([sys.executable, os.path.abspath(__file__), "--run-one", os.path.abspath(script)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                           env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    text = child.stdout.decode("utf-8")
    if child.returncode != 0:
        err = child.stderr.decode("utf-8", "replace").strip().splitlines()
        return text, "recorder exited with status %d: %s" % (
            child.returncode, err[-1] if err else "")
    return text, None


def main(argv):
    mode, jobs, args = "write", os.cpu_count() or 1, []
    it = iter(argv)
    for arg in it:
        if arg in ("--stdout", "--check"):
            mode = arg[2:]
        elif arg == "--run-one":  # internal: the child process
            script = next(it)
            libraries = preload_libraries(script)  # noqa: F841  (kept alive: a Library unregisters when freed)
            run_script(script)
            return 0
        elif arg == "-j":
            jobs = int(next(it))
        elif arg.startswith("-j") and arg[2:].isdigit():
            jobs = int(arg[2:])
        elif arg.startswith("-"):
            sys.stderr.write(__doc__)
            return 2
        else:
            args.append(arg)
    if not args and mode == "check":
        args = [os.path.join(ROOT, d) for d in CORPUS_DIRS if os.path.isdir(os.path.join(ROOT, d))]
    scripts = collect(args, recorded_only=(mode == "check"))
    if not scripts:
        sys.stderr.write(__doc__)
        return 2
    failures = 0
    folders = [library_folder(script) for script in scripts]  # built here, before the runs start
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for script, (text, error) in zip(scripts, pool.map(record, scripts, folders)):
            if error is not None:
                failures += 1
                sys.stderr.write("%s: %s\n" % (script, error))
                continue
            if mode == "stdout":
                sys.stdout.write(text)
            elif mode == "check":
                path = expected_path(script)
                old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
                if old != text:
                    failures += 1
                    print("differs: %s" % script)
            else:
                with open(expected_path(script), "w", encoding="utf-8") as f:
                    f.write(text)
    if mode == "check":
        print("%d checked, %d differ" % (len(scripts), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
