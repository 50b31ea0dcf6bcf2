#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from minaten's own inputs.

    tests/fuzz/make_seeds.py OUT_DIR

OUT_DIR/python/   every top-level statement of the scripts
                  (tests/conformance/, tests/strict/cases/, tests/lazy/,
                  tests/extension/, tools/demo/), split as `minaten run`
                  splits a script (python/minaten/_runner.py
                  split_statements: a line, or a compound statement with its
                  body, clauses and decorators);
OUT_DIR/schema/   every `func:` schema string of the YAML files (yaml/,
                  tests/);
OUT_DIR/codegen/  every YAML file of tests/ and yaml/ts_native_functions.yaml
                  whole, and each entry of yaml/native_functions.yaml as a
                  YAML text of its own.

One file per distinct input, named by its SHA-1 (as libFuzzer names corpus
files), so running it again changes nothing.  Thousands of files: they are
made in the build tree, never committed (tests/fuzz/corpus/ holds the few
hand-picked ones that are).  See docs/fuzzing.md.
"""
import hashlib
import importlib.util
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT_FOLDERS = ["tests/conformance", "tests/strict/cases", "tests/lazy", "tests/extension", "tools/demo"]


def load_runner():
    """python/minaten/_runner.py by its path (standard library only)."""
    spec = importlib.util.spec_from_file_location("_runner", os.path.join(ROOT, "python", "minaten", "_runner.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def files_under(folder, suffix):
    out = []
    for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
        out += [os.path.join(dirpath, n) for n in names if n.endswith(suffix)]
    return sorted(out)


def statements(runner, text):
    """The statements of a script, as `minaten run` cuts them, `import torch` left out."""
    for stmt in runner.split_statements(text):
        if stmt.source.split() != ["import", "torch"]:
            yield stmt.source


def schemas(text):
    for m in re.finditer(r"^\s*-?\s*func:\s*(.+)$", text, re.M):
        value = m.group(1).strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        yield value


def entries(text):
    """Each `- func:` entry of a native_functions.yaml, with its lines."""
    chunks = re.split(r"^(?=- func:)", text, flags=re.M)
    return [c for c in chunks[1:] if c.strip()]


def write(folder, inputs):
    os.makedirs(folder, exist_ok=True)
    n = 0
    for data in inputs:
        data = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        path = os.path.join(folder, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
        n += 1
    return n


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    scripts = [p for folder in SCRIPT_FOLDERS for p in files_under(folder, ".py")]
    runner = load_runner()
    python = {s for path in scripts for s in statements(runner, read(path))}
    yamls = files_under("yaml", ".yaml") + files_under("tests", ".yaml")
    schema = {s for path in yamls for s in schemas(read(path))}
    native = read(os.path.join(ROOT, "yaml", "native_functions.yaml"))
    codegen = set(entries(native))
    codegen |= {read(p) for p in yamls if not p.endswith("native_functions.yaml")
                or p.endswith("ts_native_functions.yaml")}
    counts = [write(os.path.join(out, name), sorted(inputs))
              for name, inputs in (("python", python), ("schema", schema), ("codegen", codegen))]
    print("make_seeds: %d python, %d schema, %d codegen inputs in %s" % (*counts, out))


if __name__ == "__main__":
    main()
