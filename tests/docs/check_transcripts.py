#!/usr/bin/env python3
"""check_transcripts.py - re-runs the transcripts in minaten's markdown pages
and fails when a command's output differs from the output the page shows.

    tests/docs/check_transcripts.py [--root DIR] [--build-dir DIR]
                                    [--kinds=plain,gdb,torch] [--timeout S]
                                    [--exact-addresses] PAGE.md...

ctest runs it on README.md and every docs/**/*.md (tests/docs/CMakeLists.txt:
docs.<page>, and for pages with such transcripts docs.<page>.gdb and
docs.<page>.torch).  tools/scripts/update-transcripts.py uses its report
to bring a page's quoted line numbers up to date.

The transcript format
---------------------
A transcript is a fenced code block whose info string is `console`:

    ```console
    $ build/minaten -c 'print(torch.ones(2).stride())'
    (1,)
    $ gdb -q -batch -ex 'break at_native__reshape_alias' -ex run -ex bt \\
          --args build/minaten -c 'a = torch.arange(24.).reshape(2, 3, 4)'
    Breakpoint 1 at 0x6ebcd: file ops/TensorShape.c, line 99.
    ...
    ```

- Each command line begins with `$ `.  A command continues onto the next
  line when its line ends with a backslash (the lines go to the shell as
  they are, backslash-newline included).
- The command runs with `sh -c` from the repository root; stdout and stderr
  are both captured (2>&1), stdin is empty, the environment is the
  checker's with LC_ALL=C and without DEBUGINFOD_URLS (so gdb neither
  translates nor offers to download).  `build/` is the debug build
  folder: at the start of a word of the command (after a space, a quote or
  one of `=;|&(`) it is replaced by the build folder given with --build-dir,
  so the ASan run checks `build-asan/minaten`.
- The lines after the command, up to the next `$ ` line or the closing
  fence, are its exact expected output (a missing final newline is not
  noticed; the exit status is not checked).
- Two things are loose, nothing else: a line that is only `...` matches
  zero or more lines, and a hex address (`0x` and hex digits, not preceded
  by a letter, digit or `_`) matches any hex address (but with
  --exact-addresses, which tools/scripts/update-transcripts.py --addresses
  uses to make a session's addresses those of one run).
- Each command is of one kind, and --kinds names the kinds checked (all
  three by default; without plain, the checker fails when none of the
  page's commands is of a kind asked for):
    gdb    its first word is `gdb` or `valgrind`, or one after `&& `
           (`cd /tmp && gdb ...`: a session run from another folder, or
           after the commands that prepare it), each perhaps after
           variable assignments (`PYTHONPATH=build/python gdb ...`): its
           output is that of a Debug build without sanitizers, in build/
           itself (a gdb session of /usr/bin/python3 is of this kind too);
    torch  it runs PyTorch (it names tools/oracle/ or /usr/bin/python3):
           it needs Debian's python3-torch, which CI does not have;
    plain  every other command.

Lines of a console block before its first `$ ` line are an error.  Blocks
with another info string (`sh`, none) are not checked.

On a difference it prints the page and line of the first expected line that
differs (or of the command, when the output ends too early or goes on after
the expected lines end), both lines, and the whole output of the command:

    README.md:123: expected: [dispatch] aten::reshape  AutogradCPU -> ...
    README.md:123: got: [dispatch]   aten::as_strided  CPU -> ...

and exits 1 once every transcript has been checked.  Exits 0 when all match,
2 on a usage error.  Needs python3 >= 3.9, stdlib only.

To record or update a transcript, run the command from the repository root
with 2>&1, paste its output, and put back the `...` lines where the output
differs between machines (gdb's thread-debugging messages, the frames and
path of libffi).  tests/docs/fixtures/ holds the checker's own test pages.
"""
import argparse
import os
import re
import subprocess
import sys

ELLIPSIS = "..."
HEX = re.compile(r"(?<![0-9A-Za-z_])0x[0-9a-fA-F]+")
FENCE = re.compile(r"^( *)(`{3,}|~{3,})(.*)$")
GDB_COMMAND = re.compile(r"(^|&& )([A-Za-z_][A-Za-z0-9_]*=\S* )*(gdb|valgrind)(\s|$)")
TORCH_COMMAND = re.compile(r"tools/oracle/|/usr/bin/python3")
KINDS = ("plain", "gdb", "torch")
BUILD_WORD = re.compile(r"(?<![^\s'\"=;|&(])build/")


class Command:
    """One `$ ` command of a transcript and the output lines it expects."""

    def __init__(self, page, line, text):
        self.page = page          # the page's name in messages
        self.line = line          # line number of the `$ ` line
        self.text = text          # the command, continuation lines included
        self.expected = []        # (line number, text) of each expected line

    def kind(self):
        """gdb, torch or plain (see the module's docstring)."""
        if GDB_COMMAND.search(self.text):
            return "gdb"
        if TORCH_COMMAND.search(self.text):
            return "torch"
        return "plain"


class FormatError(Exception):
    pass


def dedent(line, indent):
    """line without up to `indent` leading spaces (the fence's own, in a list item)."""
    spaces = len(line) - len(line.lstrip(" "))
    return line[min(spaces, indent):]


def parse_page(path, name):
    """Returns the commands of every console block of the page at path."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    commands = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        i += 1
        if not m:
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).split()
        closing = re.compile(r"^ *" + re.escape(fence) + re.escape(fence[0]) + "* *$")
        is_console = info[:1] == ["console"]
        current = None
        while i < len(lines) and not closing.match(lines[i]):
            text = dedent(lines[i], indent)
            if not is_console:
                pass
            elif text.startswith("$ "):
                current = Command(name, i + 1, text[2:])
                while current.text.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    current.text += "\n" + dedent(lines[i], indent)
                commands.append(current)
            elif current is None:
                raise FormatError("%s:%d: a console block must begin with a `$ ` command line" % (name, i + 1))
            else:
                current.expected.append((i + 1, text))
            i += 1
        i += 1  # the closing fence
    return commands


def line_matcher(expected):
    """A function telling whether an output line matches one expected line."""
    if "0x" not in expected:
        return lambda got: got == expected
    parts = HEX.split(expected)
    pattern = re.compile("0x[0-9a-fA-F]+".join(re.escape(p) for p in parts))
    return lambda got: pattern.fullmatch(got) is not None


def compare(expected, got, exact_addresses=False):
    """Matches the output lines `got` against `expected` ((line, text) pairs,
    `...` lines included).  Returns None on a match, else (expected item or
    None, got line or None): the first expected line that differs and the
    output line found in its place; None for the expected item when the
    output goes on after the expected lines end, None for the got line when
    the output ends too early.  With exact_addresses, a match (found with
    addresses loose, so the `...` lines fall where they would) must then
    hold the same addresses too, line by line."""
    # Split at the `...` lines: the first segment is anchored at the start of
    # the output, the last at its end, the others are found leftmost.
    segments = [[]]
    for item in expected:
        if item[1] == ELLIPSIS:
            segments.append([])
        else:
            segments[-1].append((item, line_matcher(item[1])))
    last = len(segments) - 1

    def matches_at(seg, p):
        """How many leading lines of seg match the output from line p."""
        k = 0
        while k < len(seg) and p + k < len(got) and seg[k][1](got[p + k]):
            k += 1
        return k

    def mismatch(seg, p, k):
        return (seg[k][0], got[p + k] if p + k < len(got) else None)

    placed = []  # (segment, the output line it matched from)

    def matched():
        if exact_addresses:
            for seg, p in placed:
                for k, (item, _) in enumerate(seg):
                    if got[p + k] != item[1]:
                        return mismatch(seg, p, k)
        return None

    pos = 0
    for s, seg in enumerate(segments):
        if s == 0:
            k = matches_at(seg, 0)
            if k < len(seg):
                return mismatch(seg, 0, k)
            placed.append((seg, 0))
            pos = len(seg)
            if s == last and pos < len(got):
                return (None, got[pos])
            continue
        if s == last:
            end = len(got) - len(seg)
            if end >= pos and matches_at(seg, end) == len(seg):
                placed.append((seg, end))
                return matched()
        # Leftmost full match from pos; else the longest partial match.
        best_p, best_k = pos, -1
        found = None
        for p in range(pos, len(got) + 1):
            k = matches_at(seg, p)
            if k == len(seg):
                found = p
                break
            if k > best_k:
                best_p, best_k = p, k
        if found is None:
            if best_k <= 0:
                return mismatch(seg, pos, 0)
            return mismatch(seg, best_p, best_k)
        placed.append((seg, found))
        pos = found + len(seg)
        if s == last:
            return (None, got[pos])  # matched, but more output follows
    return matched()


def run_command(command, root, build_dir, timeout):
    """Runs the command from root; returns its output lines."""
    text = BUILD_WORD.sub(lambda m: build_dir + "/", command.text)
    env = dict(os.environ, LC_ALL="C")
    env.pop("DEBUGINFOD_URLS", None)
    try:
        proc = subprocess.run(["sh", "-c", text], cwd=root, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        out = proc.stdout.decode("utf-8", errors="replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", errors="replace")
        out += "\n(check_transcripts.py: timed out after %d s)" % timeout
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def report(command, difference, got):
    item, got_line = difference
    if item is None:
        where, expected = command.line, "(end of output)"
    elif got_line is None:
        where, expected = command.line, item[1]
    else:
        where, expected = item[0], item[1]
    got_text = "(end of output)" if got_line is None else got_line
    if got_line is not None and item is not None and expected.split() == got_line.split():
        # They differ only in white space: show it.
        expected, got_text = repr(expected), repr(got_text)
    print("%s:%d: expected: %s" % (command.page, where, expected))
    print("%s:%d: got: %s" % (command.page, where, got_text))
    print("  the whole output of `$ %s`:" % command.text.replace("\n", "\n    "))
    for line in got:
        print("    " + line)


def page_name(path, root):
    rel = os.path.relpath(os.path.abspath(path), root)
    return path if rel.startswith("..") else rel


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Re-run the console transcripts of markdown pages.")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(here)),
                    help="the repository root, where commands run (default: the one holding this script)")
    ap.add_argument("--build-dir", default=None,
                    help="the build folder that replaces `build/` in commands (default: ROOT/build)")
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help="the kinds of command to check, comma-separated: plain, gdb, torch (default: all)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per command")
    ap.add_argument("--exact-addresses", action="store_true",
                    help="compare hex addresses too (they match any address by default)")
    ap.add_argument("pages", nargs="+", metavar="PAGE.md")
    args = ap.parse_args(argv)
    kinds = set(args.kinds.split(","))
    if not kinds <= set(KINDS):
        ap.error("--kinds: unknown kind %s" % ", ".join(sorted(kinds - set(KINDS))))

    root = os.path.abspath(args.root)
    build_dir = os.path.abspath(args.build_dir or os.path.join(root, "build"))
    rel = os.path.relpath(build_dir, root)
    if not rel.startswith(".."):
        build_dir = rel

    failed = False
    checked_total = 0
    for path in args.pages:
        name = page_name(path, root)
        try:
            commands = parse_page(path, name)
        except (OSError, FormatError) as e:
            print(e)
            failed = True
            continue
        selected = [c for c in commands if c.kind() in kinds]
        differing = 0
        for command in selected:
            got = run_command(command, root, build_dir, args.timeout)
            difference = compare(command.expected, got, args.exact_addresses)
            if difference is not None:
                report(command, difference, got)
                differing += 1
        checked_total += len(selected)
        skipped = len(commands) - len(selected)
        print("%s: %d of %d commands differ%s" % (
            name, differing, len(selected),
            " (%d commands of other kinds left out)" % skipped if skipped else ""))
        failed |= differing > 0
    if checked_total == 0 and "plain" not in kinds:
        print("check_transcripts.py: no command of the kinds %s" % ", ".join(sorted(kinds)))
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
