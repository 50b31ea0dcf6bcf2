"""The warnings of tests/cli/warn_filter.py under python3, with `torch`
being minaten: minaten's TORCH_WARNs reach Python's warnings module as 1.13's
do (csrc/Exceptions.c PyWarningHandler: PyErr_WarnEx(UserWarning, text, 1) at
the calling line), so the default filter shows each once per place, and
torch.autograd's own warnings.warn calls are Python's.  The UserWarning lines
on stderr must be tests/cli/warn_filter.file.err's, which were recorded from
`python3 warn_filter.py` under PyTorch 1.13 (tests/cli/warnings.sh says how),
both for the script run as a file and run statement by statement by
local_runner.py (each statement compiled at its own lines in the file: the
same places).  Each run is a fresh process (the registries, and 1.13's
once-per-process warnings, start empty).  With PyTorch 1.13 importable (and
MINATEN_TEST_RECORDED unset), the file is also checked to be what 1.13
prints now.

    PYTHONPATH=build/python /usr/bin/python3 tests/python/test_warnings.py
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = os.path.join(os.path.dirname(HERE), "cli")
SCRIPT = os.path.join(CLI, "warn_filter.py")
EXPECTED = os.path.join(CLI, "warn_filter.file.err")

sys.path.insert(0, HERE)
import recorded  # noqa: E402

# torch.tensor and t[...] stand-ins while minaten lacks them (standins.py)
AS_FILE = """
import runpy, sys
import minaten
sys.path.insert(0, %(here)r)
import standins
standins.install(minaten)
sys.modules["torch"] = minaten
sys.argv = [%(script)r]
runpy.run_path(%(script)r, run_name="__main__")
"""

STATEMENTS = """
import sys
import minaten
sys.path.insert(0, %(here)r)
import local_runner, standins
standins.install(minaten)
with open(%(script)r) as f:
    local_runner.run(f.read(), minaten, %(script)r)
"""


def user_warnings(stderr):
    """`UserWarning: <message>` for each warning line, as warnings.sh cuts them."""
    return [re.sub(r"^.*: UserWarning: ", "UserWarning: ", line)
            for line in stderr.splitlines() if ": UserWarning: " in line]


def run(what, argv):
    """The script's warnings, run from tests/cli with minaten's package
    importable (PYTHONPATH made absolute), or None if it failed."""
    import minaten
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(minaten.__file__))))
    p = subprocess.run(argv, cwd=CLI, env=env, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        print("FAIL: %s exited with %d:\n%s" % (what, p.returncode, p.stderr[-2000:]))
        return None
    return user_warnings(p.stderr)


def main():
    with open(EXPECTED) as f:
        expected = [line.rstrip("\n") for line in f]
    params = {"here": HERE, "script": SCRIPT}
    runs = {"python3 warn_filter.py (minaten)": [sys.executable, "-c", AS_FILE % params],
            "statement by statement (minaten)": [sys.executable, "-c", STATEMENTS % params]}
    if recorded.import_torch() is not None:
        runs["python3 warn_filter.py (PyTorch 1.13)"] = [sys.executable, SCRIPT]
    failed = 0
    for what, argv in runs.items():
        got = run(what, argv)
        if got == expected:
            print("match: %s, %d warnings" % (what, len(got)))
            continue
        failed += 1
        if got is not None:
            print("FAIL: %s printed other warnings than warn_filter.file.err:" % what)
            for line in got:
                print("  " + line[:120])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
