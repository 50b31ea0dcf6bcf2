#!/usr/bin/python3
"""PyTorch's own unit tests as an external measure of minaten (issue 30).

    /usr/bin/python3 tools/pytorch-tests/run.py TESTS_DIR [FILE ...]
        [--backend both|minaten|torch] [--out DIR] [--build DIR] [--timeout S]
        [--strict-dtypes] [-k SUBSTRING]

TESTS_DIR holds PyTorch's test files (test_view_ops.py, test_indexing.py,
test_shape_ops.py, test_type_promotion.py by default), fetched outside this
repository: they are PyTorch's and are never committed here.

Each file runs twice, in a fresh /usr/bin/python3 each time:
  - under real PyTorch 1.13 (`import torch`);
  - under minaten, with `torch` and `torch.X` aliased to `minaten` and
    `minaten.X` by python/minaten/_torch_alias.py, as in the `minaten`
    executable.
In both runs `torch.testing` is this tool's own stand-in (standin/), never
PyTorch's, so both backends are measured with the same helpers.

Every test instance (test_foo_cpu_float32, ...) runs on its own; a crash
or a hang (no result after --timeout seconds) of the child process is
recorded as that instance's error and the child restarts after it.  A file
that cannot even be imported (a missing attribute at class-definition time)
has no instance run: all its 1.13 instances count as not passed.

minaten lacks some of 1.13's dtypes (float16, bfloat16, complex...: issue
33).  Test files name them in their decorators, so by default the minaten
run gives `torch` a placeholder for each (an object that only names the
dtype): the file imports, the instances that use such a dtype fail, the
others run.  --strict-dtypes gives no placeholders.

Output: per file and backend, the instances run / passed / failed / errored
/ skipped, the share of the instances passing under 1.13 that also pass
under minaten, and the main causes of failure (grouped by exception type
and the head of its message).  Results (JSON lines per instance, a summary
in Markdown and JSON) go to --out (default TESTS_DIR/results); a run with
--backend minaten reuses the 1.13 results already there.

No PyTorch counterpart: PyTorch runs its tests with its own
torch.testing._internal, which this stand-in replaces.
"""
import argparse
import importlib
import importlib.abc
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
import types
import unittest
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
STANDIN = HERE / "standin" / "torch" / "testing"
DEFAULT_FILES = ["test_view_ops.py", "test_indexing.py", "test_shape_ops.py",
                 "test_type_promotion.py"]
BACKENDS = ("torch", "minaten")
LABEL = {"torch": "PyTorch 1.13", "minaten": "minaten"}


# ---------------------------------------------------------------- child side

class _StandinFinder(importlib.abc.MetaPathFinder):
    """First on sys.meta_path in a child: `torch.testing[.X]` is the stand-in
    (standin/torch/testing/X.py), whichever module `torch` is."""

    def find_spec(self, fullname, path=None, target=None):
        if not (fullname == "torch.testing" or fullname.startswith("torch.testing.")):
            return None
        rel = fullname.split(".")[2:]
        folder = STANDIN.joinpath(*rel)
        if folder.is_dir():
            return importlib.util.spec_from_file_location(
                fullname, folder / "__init__.py", submodule_search_locations=[str(folder)])
        file = STANDIN.joinpath(*rel[:-1], rel[-1] + ".py")
        return importlib.util.spec_from_file_location(fullname, file) if file.is_file() else None


class MissingDtype:
    """Placeholder for a 1.13 dtype the backend lacks: it only names the dtype
    (str() is 1.13's, so test names match), and the backend refuses it."""

    def __init__(self, name, is_floating_point, is_complex, itemsize):
        self.name = name
        self.is_floating_point = is_floating_point
        self.is_complex = is_complex
        self.is_signed = True
        self.itemsize = itemsize

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__


# 1.13's dtypes and their aliases: name -> (canonical name, floating, complex, itemsize)
_DTYPES_113 = {
    "float16": ("float16", True, False, 2), "half": ("float16", True, False, 2),
    "bfloat16": ("bfloat16", True, False, 2),
    "complex32": ("complex32", False, True, 4), "chalf": ("complex32", False, True, 4),
    "complex64": ("complex64", False, True, 8), "cfloat": ("complex64", False, True, 8),
    "complex128": ("complex128", False, True, 16), "cdouble": ("complex128", False, True, 16),
}


def _give_placeholders(torch):
    made = {}
    for name, (canonical, fp, cx, size) in _DTYPES_113.items():
        if hasattr(torch, name):
            continue
        if canonical not in made:
            made[canonical] = getattr(torch, canonical, None) or MissingDtype(canonical, fp, cx, size)
        setattr(torch, name, made[canonical])
    return sorted(k for k, v in made.items() if isinstance(v, MissingDtype))


def _setup_backend(backend, build, placeholders):
    if backend == "minaten":
        sys.path.insert(0, str(build))
        from minaten import _torch_alias  # `import torch` is minaten, as in the executable
        _torch_alias.install()
        import torch
        missing = _give_placeholders(torch) if placeholders else []
    else:
        import torch
        for name in [n for n in sys.modules if n == "torch.testing" or n.startswith("torch.testing.")]:
            del sys.modules[name]
        missing = []
    sys.meta_path.insert(0, _StandinFinder())
    testing = importlib.import_module("torch.testing")
    setattr(torch, "testing", testing)
    return torch, missing


def _head(exc):
    text = str(exc).strip().splitlines()
    return text[0][:160] if text else ""


def _where(tb_exc):
    """The innermost frame in the test file or the stand-in, for the record."""
    frames = traceback.extract_tb(tb_exc.__traceback__) if tb_exc.__traceback__ else []
    for frame in reversed(frames):
        if "standin" not in frame.filename and "unittest" not in frame.filename:
            return f"{Path(frame.filename).name}:{frame.lineno}"
    return ""


class _Recorder(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.outcome, self.exc = None, None

    def addSuccess(self, test):
        self.outcome = "pass"

    def addFailure(self, test, err):
        self.outcome, self.exc = "fail", err[1]

    def addError(self, test, err):
        self.outcome, self.exc = "error", err[1]

    def addSkip(self, test, reason):
        self.outcome, self.exc = "skip", reason

    def addExpectedFailure(self, test, err):
        self.outcome = "pass"

    def addUnexpectedSuccess(self, test):
        self.outcome, self.exc = "fail", AssertionError("unexpected success")


def _test_ids(namespace, module_name):
    loader = unittest.TestLoader()
    classes = sorted((v for v in namespace.values()
                      if isinstance(v, type) and issubclass(v, unittest.TestCase)
                      and v.__module__ == module_name), key=lambda c: c.__name__)
    return [(cls, name) for cls in classes for name in loader.getTestCaseNames(cls)]


def child_main(args):
    out = open(args.results, "a", buffering=1)
    emit = lambda **kw: out.write(json.dumps(kw) + "\n")  # noqa: E731
    skip = set(Path(args.skip).read_text().split()) if args.skip else set()
    try:
        torch, missing = _setup_backend(args.backend, Path(args.build), not args.strict_dtypes)
        if missing and not skip:
            emit(note=f"placeholders for missing dtypes: {', '.join(missing)}")
        path = Path(args.file)
        module = types.ModuleType(path.stem)
        module.__file__ = str(path)
        sys.modules[path.stem] = module
        sys.path.insert(0, str(path.parent))
        exec(compile(path.read_text(), str(path), "exec"), module.__dict__)
    except BaseException as e:  # noqa: B902 -- the file cannot be run at all
        emit(module_error=f"{type(e).__name__}: {_head(e)}", where=_where(e))
        return 0
    for cls, name in _test_ids(module.__dict__, path.stem):
        test_id = f"{cls.__name__}.{name}"
        if test_id in skip or (args.k and args.k not in test_id):
            continue
        emit(start=test_id)
        result = _Recorder()
        cls(name).run(result)
        record = {"test": test_id, "outcome": result.outcome or "error"}
        if isinstance(result.exc, BaseException):
            record["exc"] = type(result.exc).__name__
            record["msg"] = _head(result.exc)
            record["where"] = _where(result.exc)
        elif result.exc is not None:
            record["msg"] = str(result.exc)[:160]
        emit(**record)
    emit(done=True)
    return 0


# --------------------------------------------------------------- parent side

def _read(path):
    rows = []
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    return rows


def _run_file(backend, test_file, out_dir, args):
    """Runs one file under one backend, restarting the child after a crash
    or a hang; returns the list of records."""
    results = out_dir / backend / (test_file.stem + ".jsonl")
    results.parent.mkdir(parents=True, exist_ok=True)
    results.unlink(missing_ok=True)
    log = open(results.with_suffix(".log"), "w")
    skip_file = results.with_suffix(".skip")
    for _attempt in range(500):
        rows = _read(results)
        finished = {r["test"] for r in rows if "test" in r}
        skip_file.write_text("\n".join(sorted(finished)))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", backend,
               str(test_file), "--results", str(results), "--skip", str(skip_file),
               "--build", str(args.build)]
        if args.strict_dtypes:
            cmd.append("--strict-dtypes")
        if args.k:
            cmd += ["-k", args.k]
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, cwd=str(test_file.parent))
        last_size, last_change = -1, time.monotonic()
        timed_out = False
        while proc.poll() is None:
            time.sleep(0.2)
            size = results.stat().st_size if results.exists() else 0
            if size != last_size:
                last_size, last_change = size, time.monotonic()
            elif time.monotonic() - last_change > args.timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                timed_out = True
        rows = _read(results)
        if any(r.get("done") or "module_error" in r for r in rows):
            break
        started = [r["start"] for r in rows if "start" in r]
        ended = {r["test"] for r in rows if "test" in r}
        pending = [t for t in started if t not in ended]
        with open(results, "a") as f:
            if pending:
                cause = (f"Timeout: no result after {args.timeout}s" if timed_out else
                         f"Crash: child ended with {_exit_text(proc.returncode)}")
                f.write(json.dumps({"test": pending[-1], "outcome": "error",
                                    "exc": cause.split(":")[0], "msg": cause}) + "\n")
            else:
                f.write(json.dumps({"module_error": f"child ended with "
                                    f"{_exit_text(proc.returncode)} before any test"}) + "\n")
                break
    log.close()
    skip_file.unlink(missing_ok=True)
    return _read(results)


def _exit_text(code):
    if code is not None and code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def _cause(row):
    text = f"{row.get('exc', '')}: {row.get('msg', '')}".strip(": ")
    return re.sub(r"\d+", "N", text)[:120]


def summarize(rows):
    tests = {r["test"]: r for r in rows if "test" in r}
    count = Counter(r["outcome"] for r in tests.values())
    return {
        "module_error": next((r["module_error"] for r in rows if "module_error" in r), None),
        "notes": [r["note"] for r in rows if "note" in r],
        "run": len(tests), "passed": count["pass"], "failed": count["fail"],
        "errored": count["error"], "skipped": count["skip"],
        "outcomes": {t: r["outcome"] for t, r in tests.items()},
        "causes": Counter(_cause(r) for r in tests.values() if r["outcome"] in ("fail", "error")),
    }


def report(files, out_dir, top):
    lines, data = [], {}
    per_file = {}
    for f in files:
        per_file[f] = {b: summarize(_read(out_dir / b / (Path(f).stem + ".jsonl"))) for b in BACKENDS}
    lines.append("| file | instances (1.13) | passed 1.13 | run minaten | passed minaten "
                 "| failed | errored | skipped | minaten passes of 1.13's passes |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for f in files:
        t, m = per_file[f]["torch"], per_file[f]["minaten"]
        pass_t = {k for k, v in t["outcomes"].items() if v == "pass"}
        pass_m = {k for k, v in m["outcomes"].items() if v == "pass"}
        both = len(pass_t & pass_m)
        ratio = f"{both}/{len(pass_t)} = {100.0 * both / len(pass_t):.1f}%" if pass_t else "n/a"
        lines.append(f"| {f} | {t['run']} | {t['passed']} | {m['run']} | {m['passed']} "
                     f"| {m['failed']} | {m['errored']} | {m['skipped']} | {ratio} |")
        data[f] = {b: {k: v for k, v in per_file[f][b].items() if k != "outcomes"} for b in BACKENDS}
        data[f]["passed_by_both"] = both
    for f in files:
        for b in BACKENDS:
            s = per_file[f][b]
            lines.append("")
            lines.append(f"### {f} under {LABEL[b]}: {s['run']} run, {s['passed']} passed, "
                         f"{s['failed']} failed, {s['errored']} errored, {s['skipped']} skipped")
            if s["module_error"]:
                lines.append(f"- the file does not import: {s['module_error']}")
            for note in s["notes"]:
                lines.append(f"- {note}")
            for cause, n in s["causes"].most_common(top):
                lines.append(f"- {n} x `{cause}`")
    text = "\n".join(lines) + "\n"
    (out_dir / "summary.md").write_text(text)
    (out_dir / "summary.json").write_text(json.dumps(
        data, indent=1, default=lambda o: dict(o) if isinstance(o, Counter) else str(o)))
    return text


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tests_dir", nargs="?", help="folder holding PyTorch's test files")
    p.add_argument("files", nargs="*", help=f"test files (default: {' '.join(DEFAULT_FILES)})")
    p.add_argument("--backend", choices=("both",) + BACKENDS, default="both")
    p.add_argument("--out", help="results folder (default TESTS_DIR/results)")
    p.add_argument("--build", default=str(REPO / "build" / "python"),
                   help="minaten's Python package folder (default build/python)")
    p.add_argument("--timeout", type=float, default=300.0,
                   help="seconds without a result before an instance counts as hung")
    p.add_argument("--strict-dtypes", action="store_true",
                   help="no placeholders for the dtypes minaten lacks")
    p.add_argument("-k", help="run only the instances whose id contains this")
    p.add_argument("--top", type=int, default=12, help="causes listed per file and backend")
    p.add_argument("--report-only", action="store_true", help="summarize the results already there")
    p.add_argument("--child", choices=BACKENDS, help=argparse.SUPPRESS)
    p.add_argument("--results", help=argparse.SUPPRESS)
    p.add_argument("--skip", help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    if args.child:
        args.backend, args.file = args.child, args.tests_dir
        return child_main(args)
    if not args.tests_dir:
        p.error("TESTS_DIR is required (PyTorch's test files, fetched outside the repository)")
    tests_dir = Path(args.tests_dir).resolve()
    out_dir = Path(args.out).resolve() if args.out else tests_dir / "results"
    files = args.files or DEFAULT_FILES
    backends = BACKENDS if args.backend == "both" else (args.backend,)
    if not args.report_only:
        for f in files:
            for b in backends:
                start = time.monotonic()
                rows = _run_file(b, tests_dir / f, out_dir, args)
                s = summarize(rows)
                print(f"{f} under {LABEL[b]}: {s['run']} run, {s['passed']} passed, "
                      f"{s['failed']} failed, {s['errored']} errored, {s['skipped']} skipped"
                      f"{' (does not import: ' + s['module_error'] + ')' if s['module_error'] else ''}"
                      f" [{time.monotonic() - start:.0f}s]", flush=True)
    print(report(files, out_dir, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
