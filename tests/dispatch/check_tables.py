#!/usr/bin/env python3
"""dispatch.tables: minaten's dispatch table of every operator against 1.13's.

For each recording tests/dispatch/tables/<op>.txt (tools/oracle/record_dispatch.py,
from PyTorch 1.13) this reads minaten's table as torch._C._dispatch_dump_table(OP)
prints it (one `minaten run tests/dispatch/dump_tables.py` prints them all,
with the Python layer loaded: the Meta kernels `import torch` registers
from Python are in the tables, as they are in 1.13's) and compares, key by key,
the KIND of each entry: `[kernel]`, `[math kernel]`, `[default backend
kernel]`, `[backend fallback]`, `[autograd kernel]`, with a `fallthrough`
prefix when it is one, or no entry at all; never the files and lines.
An operator that differs must be listed in tests/dispatch/exceptions.txt
(`aten::op: reason`, one line each); a listed operator that matches, or one
minaten no longer registers, fails the test too, so that the list stays
exact.  So does an operator `minaten ops` lists that has no recording (a new
operator: record the tables again), so that none goes unchecked.  Needs no
PyTorch.

    python3 tests/dispatch/check_tables.py build/minaten [tests/dispatch]
"""
import os
import re
import subprocess
import sys


# The keys the recordings keep (tools/oracle/record_dispatch.py KEYS): a
# row of another key in minaten's dump is not compared, nor one of the keys
# REPORTED_ONLY, whose matches are only counted.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "oracle"))
from record_dispatch import KEYS, REPORTED_ONLY  # noqa: E402


def kinds(text):
    """{key: 'fallthrough [backend fallback]'} of one dump, for the recorded keys."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"(\w+): (fallthrough )?registered at .*?(\[[a-z ]+\])", line)
        if m and m.group(1) in KEYS:
            out[m.group(1)] = (m.group(2) or "") + m.group(3)
    return out


def main():
    minaten = sys.argv[1]
    here = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
    tables = os.path.join(here, "tables")
    exceptions = {}
    with open(os.path.join(here, "exceptions.txt")) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            op, _, reason = line.partition(": ")
            if not reason:
                print("exceptions.txt:%d: expected 'aten::op: reason'" % n)
                return 1
            exceptions[op] = reason
    failures = []
    matched = differ = absent = 0
    reported = {k: [0, 0] for k in REPORTED_ONLY}  # [differ, match]
    recorded = {}
    for name in sorted(os.listdir(tables)):
        with open(os.path.join(tables, name)) as f:
            header, _, body = f.read().partition("\n")
        recorded[header[len("===== "):]] = body
    seen = set(recorded)
    present = [op for op, body in recorded.items() if body.strip() != "absent in PyTorch 1.13"]
    absent = len(recorded) - len(present)
    # one minaten for every table: dump_tables.py prints a "===== NAME"
    # block for each operator named on its standard input
    dump = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dump_tables.py")
    r = subprocess.run([minaten, "run", dump], input="\n".join(present) + "\n", capture_output=True, text=True)
    dumps = {}
    for block in r.stdout.split("===== ")[1:]:
        op, _, body = block.partition("\n")
        dumps[op] = body
    for op in present:
        if op not in dumps:
            failures.append("%s: minaten does not register it (re-record: tools/oracle/record_dispatch.py)" % op)
            continue
        want, got = kinds(recorded[op]), kinds(dumps[op])
        diffs = ["%s: 1.13 %s, minaten %s" % (k, want.get(k, "none"), got.get(k, "none"))
                 for k in sorted(set(want) | set(got))
                 if want.get(k) != got.get(k) and k not in REPORTED_ONLY]
        for k in REPORTED_ONLY:
            reported[k][want.get(k) == got.get(k)] += 1
        if not diffs:
            matched += 1
            if op in exceptions:
                failures.append("%s: listed in exceptions.txt but matches 1.13 now" % op)
        else:
            differ += 1
            if op not in exceptions:
                failures.append("%s differs from 1.13 (not in exceptions.txt):\n    %s" % (op, "\n    ".join(diffs)))
    for op in sorted(set(exceptions) - seen):
        failures.append("%s: listed in exceptions.txt but has no recorded table" % op)
    r = subprocess.run([minaten, "ops"], capture_output=True, text=True)
    registered = [line.split("(", 1)[0] for line in r.stdout.splitlines() if line.strip()]
    if r.returncode != 0 or not registered:
        failures.append("`%s ops` failed (exit %d): %s" % (minaten, r.returncode, r.stderr.strip()))
    for op in sorted(set(registered) - seen):
        failures.append("%s: no recorded table (record 1.13's: /usr/bin/python3 tools/oracle/record_dispatch.py build/minaten)"
                        % op)
    print("%d operators: %d match 1.13 exactly, %d differ (listed in exceptions.txt), %d absent in 1.13"
          % (matched + differ + absent, matched, differ, absent))
    for k in REPORTED_ONLY:
        print("%s rows (reported, not yet compared): %d of %d operators match 1.13"
              % (k, reported[k][1], sum(reported[k])))
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
