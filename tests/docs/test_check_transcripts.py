#!/usr/bin/env python3
"""test_check_transcripts.py - the self-test of check_transcripts.py: runs it
on one fixture page (tests/docs/fixtures/) and checks its verdict.

    test_check_transcripts.py --expect pass|fail [--build-dir DIR] FIXTURE.md [CHECKER OPTION...]

--expect pass: the checker must exit 0 and name no line.
--expect fail: the checker must exit 1 and name, as `file:line:` at the
start of its messages, exactly the fixture's lines marked `<-- named`
(a marker written between backquotes, as in this sentence, does not count).

Prints the checker's output, then PASS or FAIL: why; exits 0 on PASS.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MARKER = re.compile(r"(?<!`)<-- named")
LOCATION = re.compile(r"^(\S+):(\d+): ")


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect", choices=["pass", "fail"], required=True)
    ap.add_argument("--build-dir", default=None)
    ap.add_argument("fixture")
    args, checker_options = ap.parse_known_args(argv)

    fixture = os.path.relpath(os.path.abspath(args.fixture), ROOT)
    with open(args.fixture, encoding="utf-8") as f:
        named = {"%s:%d" % (fixture, n) for n, line in enumerate(f.read().split("\n"), 1) if MARKER.search(line)}

    command = [sys.executable, os.path.join(HERE, "check_transcripts.py"), "--root", ROOT]
    if args.build_dir:
        command += ["--build-dir", args.build_dir]
    command += checker_options + [args.fixture]
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.decode("utf-8", errors="replace")
    print(out, end="")
    reported = set()
    for line in out.split("\n"):
        m = LOCATION.match(line)
        if m:
            reported.add("%s:%s" % (m.group(1), m.group(2)))

    want_status = 0 if args.expect == "pass" else 1
    want_named = set() if args.expect == "pass" else named
    if args.expect == "fail" and not named:
        print("FAIL: the fixture marks no line `<-- named`")
        return 1
    if proc.returncode != want_status:
        print("FAIL: the checker exited %d, not %d" % (proc.returncode, want_status))
        return 1
    if reported != want_named:
        print("FAIL: the checker named %s; expected %s" % (sorted(reported) or "no line", sorted(want_named) or "no line"))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
