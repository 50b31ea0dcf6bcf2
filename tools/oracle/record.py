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
Each script runs through python/minaten/_runner.py, the runner minaten runs
scripts with (loaded here by its path, run_file(SCRIPT, torch)), so that a
script runs the same way under both: its top-level statements as Python's
`ast` has them (a def, class, with, for, if or try with its body and
clauses, decorators included, is one; `a = 1; b = 2` is two), each compiled
at its place in the file (tracebacks and warnings name the file's lines) and
run as if wrapped in try/except, a failure printing `Type: message` (the
first line of the message; a SyntaxError says `(NAME.py:FIRST, line N)`, N
counted from the statement's first line FIRST).  `import torch` is skipped;
the Lazy backend is initialised before a statement that mentions "lazy".
The runner defines the five helpers with the output docs/torch-api.md gives:

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
import glob
import hashlib
import importlib.util
import runpy
import tempfile
import os
import subprocess
import sys

import torch

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RUNNER = os.path.join(ROOT, "python", "minaten", "_runner.py")


def load_runner():
    """python/minaten/_runner.py, the runner minaten runs scripts with,
    loaded by its path: no `minaten` package is imported."""
    spec = importlib.util.spec_from_file_location("minaten_runner", RUNNER)
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    return runner


def run_script(path):
    """Runs one script in this process under PyTorch 1.13, printing to
    stdout as it goes (the runner's run_file); returns its exit status."""
    return load_runner().run_file(path, torch)


# ---- the driver: one child process per script ------------------------------

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
            return run_script(script)
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
