#!/usr/bin/python3
"""tests/runner/strict_cases.py - the runner's strict mode under PyTorch 1.13, against tests/strict/cases.

Each tests/strict/cases/NAME.py has NAME.err, what `python3 NAME.py` printed
on stderr under 1.13 (tests/strict/record.py: the folder removed from the
file names).  This runs each case through the runner instead,
`python/minaten/_runner.py --strict NAME.py` (the runner with the torch of
this Python), and compares: the runner must print what python3 printed,
byte for byte, with the same exit status (1 after an error).

    /usr/bin/python3 tests/runner/strict_cases.py     (ctest: runner.strict_cases, label torch)
"""
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = os.path.join(ROOT, "tests", "strict", "cases")
RUNNER = os.path.join(ROOT, "python", "minaten", "_runner.py")


def main():
    failed = checked = 0
    for name in sorted(os.listdir(CASES)):
        script = os.path.join(CASES, name)
        expected = os.path.splitext(script)[0] + ".err"
        if not name.endswith(".py") or not os.path.exists(expected):
            continue
        checked += 1
        child = subprocess.run([sys.executable, RUNNER, "--strict", name], cwd=CASES, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=dict(os.environ, PYTHONIOENCODING="utf-8"))
        stderr = child.stderr.decode("utf-8").replace('File "%s/' % CASES, 'File "').replace(
            "in file %s/" % CASES, "in file ")
        with open(expected, encoding="utf-8") as f:
            want = f.read()
        want_status = 1 if want else 0
        if stderr != want or child.returncode != want_status:
            failed += 1
            print("FAIL %s: status %d (python3: %d)\n--- python3\n%s--- runner\n%s" % (
                name, child.returncode, want_status, want, stderr))
    print("%d cases, %d differ" % (checked, failed))
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
