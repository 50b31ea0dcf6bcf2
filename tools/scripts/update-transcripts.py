#!/usr/bin/env python3
"""update-transcripts.py - brings the transcripts of markdown pages up to date
with what their commands print now, one differing line at a time
(every one the checker reports in a run).

    tools/scripts/update-transcripts.py [--build-dir DIR] [--kinds=plain,gdb] [--addresses] PAGE.md...
    tools/scripts/update-transcripts.py [--build-dir DIR] --recapture LINE PAGE.md

The transcripts of README.md and docs/ quote line numbers (a gdb backtrace's
`at tools/minaten/main.c:549`, a dump's `registered at RegisterCPU.c:93`),
which move whenever those files change.  This runs tests/docs/check_transcripts.py
on each page; while it reports lines that differ (`PAGE:N: expected: ...`
and `PAGE:N: got: ...`), it writes each line the command printed into line
N of the page and runs it again.  It only ever replaces one line by another:
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

--recapture LINE replaces the whole output of the command whose `$ ` line
is LINE of the page with what the command prints now (run as the checker
runs it), for a command whose output gained or lost lines.  It writes
every line as printed but gdb's thread-debugging pair (`[Thread debugging
using libthread_db enabled]`, `Using host libthread_db library ...`), which
differs between machines and becomes a `...` line, as the transcripts
have it.  Then read the diff, and put back a `...` where the output
differs between machines in another way.
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
        got = {(m.group(1), m.group(2)): m.group(3) for m in GOT.finditer(report)}
        pairs = [(m, got.get((m.group(1), m.group(2)))) for m in EXPECTED.finditer(report)]
        if not pairs or any(g is None for _, g in pairs):
            print(report[-3000:], end="")
            print(f"{page}: not a one-line difference: edit it by hand", file=sys.stderr)
            return False
        # every one-line difference the checker reported, then run it again
        for expected, line in pairs:
            path = os.path.join(ROOT, expected.group(1))
            number = int(expected.group(2))
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if lines[number - 1] != expected.group(3):
                print(f"{path}:{number}: the page does not hold the line the checker quotes", file=sys.stderr)
                return False
            print(f"{expected.group(1)}:{number}: {line}")
            lines[number - 1] = line
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
    print(f"{page}: still differs after {limit} lines", file=sys.stderr)
    return False


THREAD_LINES = ("[Thread debugging using libthread_db enabled]", "Using host libthread_db library ")


def recapture(page, build_dir, line):
    """Rewrites the output of the command at `line` of page; True when done."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("check_transcripts", CHECKER)
    checker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checker)
    path = os.path.abspath(page)
    commands = checker.parse_page(path, page)
    command = next((c for c in commands if c.line == line), None)
    if command is None:
        print(f"{page}:{line}: no `$ ` command begins on this line", file=sys.stderr)
        return False
    root_build = os.path.relpath(os.path.abspath(os.path.join(ROOT, build_dir)), ROOT)
    got = checker.run_command(command, ROOT, root_build, 300)
    out = []
    for text in got:
        if text.startswith(THREAD_LINES):
            if not out or out[-1] != "...":
                out.append("...")
        else:
            out.append(text)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    first = command.line + command.text.count("\n")  # 0-based index of the line after the command
    end = command.expected[-1][0] if command.expected else first  # 1-based last expected line
    indent = lines[command.line - 1][:len(lines[command.line - 1]) - len(lines[command.line - 1].lstrip(" "))]
    lines[first:end] = [indent + t if t else t for t in out]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"{page}:{line}: {len(out)} lines of output written ({len(command.expected)} before)")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--kinds", default="plain,gdb")
    parser.add_argument("--addresses", action="store_true",
                        help="also rewrite lines that differ only in hex addresses")
    parser.add_argument("--recapture", type=int, metavar="LINE",
                        help="rewrite the whole output of the command at LINE of the one page given")
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    if args.recapture is not None:
        if len(args.pages) != 1:
            parser.error("--recapture takes one page")
        return 0 if recapture(args.pages[0], args.build_dir, args.recapture) else 1
    ok = all([update(page, args.build_dir, args.kinds, args.addresses) for page in args.pages])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
