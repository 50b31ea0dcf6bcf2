#!/usr/bin/python3
"""tests/strict/record.py - record what Python prints on stderr for the --strict cases.

    tests/strict/record.py [CASE.py...]     default: every cases/*.py
    tests/strict/record.py --check          report the cases whose NAME.err is stale

Each case runs as a user runs a script, `python3 NAME.py` in tests/strict/cases/
(Debian's python3 with python3-torch: run this with /usr/bin/python3); its
standard error is written to NAME.err beside it, with one change: Python names
the script by its absolute path (`File "/.../cases/NAME.py"`, and `in file
/.../cases/NAME.py` in the SyntaxError of a file that is not UTF-8), minaten by
its file name, so the folder is removed.  The .err files are the tests'
expectations: never type or edit one by hand; re-record it.
"""
import os
import subprocess
import sys

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")


def python_stderr(script):
    """What `python3 NAME.py` prints on stderr, the folder removed."""
    folder, name = os.path.split(os.path.abspath(script))
    child = subprocess.run([sys.executable, name], cwd=folder, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    return child.stderr.decode("utf-8").replace('File "%s/' % folder, 'File "').replace(
        "in file %s/" % folder, "in file ")


def main(argv):
    check = "--check" in argv
    scripts = [a for a in argv if a != "--check"] or sorted(
        os.path.join(CASES, f) for f in os.listdir(CASES) if f.endswith(".py"))
    stale = 0
    for script in scripts:
        text = python_stderr(script)
        expected = os.path.splitext(script)[0] + ".err"
        if check:
            old = open(expected, encoding="utf-8").read() if os.path.exists(expected) else None
            if old != text:
                stale += 1
                print("differs: %s" % script)
        else:
            with open(expected, "w", encoding="utf-8") as f:
                f.write(text)
    if check:
        print("%d checked, %d differ" % (len(scripts), stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
