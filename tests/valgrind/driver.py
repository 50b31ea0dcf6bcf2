"""tests/valgrind/driver.py - many scripts in one `minaten` process, for valgrind.

    MINATEN_DRIVER_SCRIPTS=LIST [MINATEN_DRIVER_STRICT=1] [MINATEN_DRIVER_CLIENT=CLIENT.so] \
        minaten --strict [--load ...] run tests/valgrind/driver.py

Runs each script named in LIST (one path a line) as `minaten run SCRIPT`
runs it (python/minaten/_runner.py run_file: statement by statement, in a
fresh namespace of its own; strictly, as `minaten --strict run`, with
MINATEN_DRIVER_STRICT=1), one after the other in this process, so that
valgrind starts CPython once for a whole folder instead of once a script
(tests/valgrind/run_scripts.sh).  Before each script a line
`driver: run SCRIPT` goes to stderr, where valgrind writes its reports
too, so that a memory error is found under the script that made it.

Between scripts, what a script leaves behind is let go: its namespace,
then its cycles (gc.collect()), the grad mode, the default dtype
(torch.set_default_dtype, float32 at start) and the dispatch trace put
back.  With MINATEN_DRIVER_CLIENT (tests/valgrind/client.c, loaded with
ctypes), valgrind then checks for leaks after each script, and a script
whose run lost memory gets a line `driver: leak SCRIPT: N bytes`.
Each script's run time goes to times.txt in the current folder (seconds,
script), to see which scripts weigh most in a shard.
"""
import ctypes
import gc
import os
import sys
import time

import minaten._runner as runner
import torch


def main():
    with open(os.environ["MINATEN_DRIVER_SCRIPTS"], encoding="utf-8") as f:
        scripts = [line.rstrip("\n") for line in f if line.strip()]
    strict = os.environ.get("MINATEN_DRIVER_STRICT") == "1"
    client = os.environ.get("MINATEN_DRIVER_CLIENT")
    leak_check = None
    if client and client != "none":
        leak_check = ctypes.CDLL(client).minaten_valgrind_leak_check
        leak_check.restype = ctypes.c_ulong
        leak_check()  # what was lost before the first script is not its
    lost = leak_check() if leak_check else 0
    # taken before any script runs, which may rebind torch's names
    set_default_dtype, default_dtype = torch.set_default_dtype, torch.get_default_dtype()
    times = open("times.txt", "w", encoding="utf-8")  # seconds a script, for dealing out shards
    for script in scripts:
        sys.stderr.write("driver: run %s\n" % script)
        sys.stderr.flush()
        start = time.monotonic()
        try:
            runner.run_file(script, torch, strict=strict)
        except BaseException as e:  # what the runner lets through (KeyboardInterrupt): the next script runs
            sys.stderr.write("driver: %s escaped %s\n" % (type(e).__name__, script))
        sys.stdout.flush()
        times.write("%.1f %s\n" % (time.monotonic() - start, script))
        times.flush()
        torch.set_grad_enabled(True)
        set_default_dtype(default_dtype)
        gc.collect()
        if leak_check is not None:
            now = leak_check()
            if now > lost:
                sys.stderr.write("driver: leak %s: %d bytes\n" % (script, now - lost))
            lost = now
    times.close()
    sys.stderr.write("driver: done, %d scripts\n" % len(scripts))


main()
