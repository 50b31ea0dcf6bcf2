# `minaten run tests/dispatch/dump_tables.py < OPS`: for each operator
# named on standard input (one a line), "===== OP" and its table as
# torch._C._dispatch_dump_table(OP) prints it.  What
# tests/dispatch/check_tables.py compares: the tables with the Python layer
# loaded, the Meta kernels `import torch` registers in Python included
# (python/minaten/_meta_registrations.py), as 1.13's are in its recordings.
import sys

for line in sys.stdin:
    op = line.strip()
    if op:
        print("===== " + op)
        print(torch._C._dispatch_dump_table(op), end="")
