#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from minaten's own inputs.

    tests/fuzz/make_seeds.py OUT_DIR

OUT_DIR/interp/   every statement of the dialect scripts (tests/conformance/,
                  tests/strict/cases/, tests/lazy/, tests/extension/,
                  tools/demo/), split as `minaten run` splits a script
                  (tools/minaten/main.c run_text): a line, or a block (a line
                  ending in ':' with its indented, blank and
                  elif/else/except/finally lines);
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
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT_FOLDERS = ["tests/conformance", "tests/strict/cases", "tests/lazy", "tests/extension", "tools/demo"]
CLAUSE = re.compile(r"(elif\b|else\s*:|except\b|finally\s*:)")


def files_under(folder, suffix):
    out = []
    for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
        out += [os.path.join(dirpath, n) for n in names if n.endswith(suffix)]
    return sorted(out)


def statements(text):
    """The statements of a script, as run_text in tools/minaten/main.c cuts them."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#") or line == "import torch":
            continue
        if not line.endswith(":"):
            yield line
            continue
        block = [lines[i - 1]]
        while i < len(lines) and (lines[i][:1] in (" ", "\t") or not lines[i].strip()
                                  or CLAUSE.match(lines[i])):
            block.append(lines[i])
            i += 1
        while block and not block[-1].strip():
            block.pop()
        yield "\n".join(block)


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
    interp = {s for path in scripts for s in statements(read(path))}
    yamls = files_under("yaml", ".yaml") + files_under("tests", ".yaml")
    schema = {s for path in yamls for s in schemas(read(path))}
    native = read(os.path.join(ROOT, "yaml", "native_functions.yaml"))
    codegen = set(entries(native))
    codegen |= {read(p) for p in yamls if not p.endswith("native_functions.yaml")
                or p.endswith("ts_native_functions.yaml")}
    counts = [write(os.path.join(out, name), sorted(inputs))
              for name, inputs in (("interp", interp), ("schema", schema), ("codegen", codegen))]
    print("make_seeds: %d interp, %d schema, %d codegen inputs in %s" % (*counts, out))


if __name__ == "__main__":
    main()
