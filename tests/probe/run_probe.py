#!/usr/bin/env python3
"""Runs the schema probe and names the calls that crash.

    tests/probe/run_probe.py MINATEN SCRIPT.py [--all]

Runs `MINATEN run SCRIPT.py` (a script tests/probe/probe_schemas.py wrote:
the prelude's lines, then one call a line).  The probe passes when minaten
reaches the end (exit status 0) and neither its standard output nor its
standard error shows an INTERNAL ASSERT FAILED or a sanitizer report: every
call returned or raised a clean error.  Otherwise the failing call is found
by bisection (the prelude and a range of call lines, run again) and printed
with the end of its report; with --all, the search goes on after it and
prints every failing call (for fixing many at once).  Exit status 0 when
clean, 1 when a call failed, 2 for a usage error.
"""
import os
import subprocess
import sys

# An ASan build answers an allocation it cannot make with NULL and a warning
# (runtime/Allocator.c sets allocator_may_return_null), and minaten raises
# PyTorch's out-of-memory error: that warning is not a report.
# minaten's own internal assert reads "FILE:LINE: INTERNAL ASSERT FAILED: COND
# (a bug in minaten)"; a RuntimeError "... INTERNAL ASSERT FAILED at
# \"./aten/...\"" is 1.13's own, which minaten raises where 1.13 does.
OOM_WARNING = "WARNING: AddressSanitizer failed to allocate"
REPORTS = ("INTERNAL ASSERT FAILED: ", "Sanitizer", "runtime error:")


# Sizes such as 2**31 elements are among the probe's arguments: a machine
# with the memory for them would spend minutes filling gigabytes (linspace
# into a half tensor of 2**31 elements).  Under ASan an allocation above
# 1 GiB fails instead, and minaten raises 1.13's out-of-memory error: the
# size checks before the allocation are what the probe is after.
ENV = dict(os.environ, ASAN_OPTIONS=":".join(
    o for o in (os.environ.get("ASAN_OPTIONS", ""), "max_allocation_size_mb=1024") if o))


def run(minaten, lines, path):
    with open(path, "w") as f:
        f.writelines(lines)
    p = subprocess.run([minaten, "run", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       errors="replace", timeout=3600, env=ENV)
    out = (p.stdout + p.stderr).splitlines()
    report = [k for k, l in enumerate(out) if any(r in l for r in REPORTS) and OOM_WARNING not in l]
    # the first report with the frames under it, else the end of the output
    shown = out[report[0]:report[0] + 16] if report else out[-12:]
    return p.returncode == 0 and not report, p.returncode, shown


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--all"):
        sys.stderr.write(__doc__)
        return 2
    minaten, script, find_all = argv[1], argv[2], len(argv) == 4
    with open(script) as f:
        lines = f.readlines()
    first_call = next(k for k, l in enumerate(lines) if l.startswith("r = "))
    prelude, calls = lines[:first_call], lines[first_call:]
    scratch = script + ".bisect.py"
    ok, status, tail = run(minaten, lines, scratch)
    if ok:
        print("probe: %d calls, each returned or raised a clean error" % len(calls))
        return 0
    failed, start = 0, 0
    while start < len(calls):
        lo, hi = start, len(calls)  # the first failing call is in [lo, hi)
        if not run(minaten, prelude + calls[lo:hi], scratch)[0]:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if run(minaten, prelude + calls[lo:mid], scratch)[0]:
                    lo = mid
                else:
                    hi = mid
            ok, status, tail = run(minaten, prelude + calls[lo:lo + 1], scratch)
            if ok:  # fails only after earlier calls: report the range
                print("probe: a call fails after the calls before it (line %d, exit status %d)"
                      % (first_call + lo + 1, status))
            else:
                print("probe: line %d, exit status %d: %s" % (first_call + lo + 1, status, calls[lo].strip()))
            print("    " + "\n    ".join(tail))
            failed += 1
            if not find_all:
                break
            start = lo + 1
        else:
            break
    if failed == 0:
        print("probe: the whole script fails but no range of its calls does (exit status %d)" % status)
        print("    " + "\n    ".join(tail))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
