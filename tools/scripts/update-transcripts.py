#!/usr/bin/env python3
"""update-transcripts.py - brings the transcripts of markdown pages up to date
with what their commands print now, one differing line at a time.

    tools/scripts/update-transcripts.py [--build-dir DIR] [--kinds=plain,gdb] [--addresses] PAGE.md...

The transcripts of README.md and docs/ quote line numbers (a gdb backtrace's
`at tools/minaten/main.c:549`, a dump's `registered at RegisterCPU.c:93`),
which move whenever those files change.  This runs tests/docs/check_transcripts.py
on each page; while it reports a line that differs (`PAGE:N: expected: ...`
and `PAGE:N: got: ...`), it writes the line the command printed into line N
of the page and runs it again.  It only ever replaces one line by another:
when a command's output gained or lost lines, it stops and shows the
checker's report, and the page is edited by hand (by re-running the command
it shows, never by guessing).  Read `git diff` afterwards: every change is
one the command made.

A line that differs only in its hex addresses matches (addresses differ
between machines), so it is left as it is, and a gdb session whose other
lines were updated can end up mixing two runs' addresses (a `self` pointer
that changes between frames).  --addresses rewrites those lines too, so
that each session shows one run's addresses; it re-runs the page once per
line, so give it the page and --kinds=gdb.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "tests", "docs", "check_transcripts.py")
EXPECTED = re.compile(r"^(\S+):(\d+): expected: (.*)$", re.M)
GOT = re.compile(r"^(\S+):(\d+): got: (.*)$", re.M)


def update(page, build_dir, kinds, addresses=False, limit=500):
    """Returns True when the page's transcripts all match."""
    for _ in range(limit):
        run = subprocess.run([sys.executable, CHECKER, "--root", ROOT, "--build-dir", build_dir,
                              "--kinds=" + kinds] + (["--exact-addresses"] if addresses else []) + [page],
                             capture_output=True, text=True, cwd=ROOT)
        report = run.stdout + run.stderr
        if run.returncode == 0:
            return True
        expected, got = EXPECTED.search(report), GOT.search(report)
        if expected is None or got is None or expected.group(2) != got.group(2):
            print(report[-3000:], end="")
            print(f"{page}: not a one-line difference: edit it by hand", file=sys.stderr)
            return False
        path = os.path.join(ROOT, expected.group(1))
        number = int(expected.group(2))
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines[number - 1] != expected.group(3):
            print(f"{path}:{number}: the page does not hold the line the checker quotes", file=sys.stderr)
            return False
        print(f"{expected.group(1)}:{number}: {got.group(3)}")
        lines[number - 1] = got.group(3)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    print(f"{page}: still differs after {limit} lines", file=sys.stderr)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--kinds", default="plain,gdb")
    parser.add_argument("--addresses", action="store_true",
                        help="also rewrite lines that differ only in hex addresses")
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    ok = all([update(page, args.build_dir, args.kinds, args.addresses) for page in args.pages])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
