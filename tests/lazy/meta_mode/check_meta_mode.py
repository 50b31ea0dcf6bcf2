#!/usr/bin/env python3
"""The MetaMode contract, checked on every operator the Lazy backend lowers.

usage: check_meta_mode.py TS_NATIVE_FUNCTIONS.yaml SCRIPT.py MINATEN [RUNNER...]

Runs `[RUNNER...] MINATEN --strict --trace=dispatch run SCRIPT.py` (RUNNER:
valgrind and its options, or nothing) and fails unless it exits 0 (no
error, no crash, no valgrind error) and every operator listed under
`supported:` in the YAML reached the Lazy kernel, as the hop trace shows:

    [dispatch] aten::add.Tensor  Lazy -> LazyNativeFunctions_boxed [kernel]

So an operator added to the list without a case in SCRIPT.py fails this
test.  Recording a node runs the operator's CPU kernel in MetaMode on
dummies without data (ops/lazy/LazyIrBuilder.c, make_dummy): a kernel that
touches an element in a shape run faults, and the run fails.
"""
import re
import signal
import subprocess
import sys

HOP = re.compile(r'^\[dispatch\] +aten::(\S+)  Lazy -> LazyNativeFunctions_boxed ')


def listed_operators(yaml_path):
    ops, in_list = [], False
    with open(yaml_path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('supported:'):
                in_list = True
            elif in_list and re.match(r'^\s+-\s+\S', line):
                ops.append(line.split('-', 1)[1].strip())
            elif in_list and line.strip() and not line.startswith((' ', '#')):
                in_list = False
    return ops


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    yaml_path, script, minaten, runner = argv[1], argv[2], argv[3], argv[4:]
    ops = listed_operators(yaml_path)
    if not ops:
        print('%s: no operator under supported:' % yaml_path)
        return 1
    p = subprocess.run(runner + [minaten, '--strict', '--trace=dispatch', 'run', script],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.stdout.write(p.stderr[-4000:])
        if p.returncode < 0:
            print('%s: killed by signal %d (%s)' % (script, -p.returncode, signal.Signals(-p.returncode).name))
        else:
            print('%s: exit status %d' % (script, p.returncode))
        return 1
    seen = set()
    for line in p.stdout.splitlines():
        m = HOP.match(line)
        if m:
            seen.add(m.group(1))
    missing = [op for op in ops if op not in seen]
    for op in missing:
        print('%s: no case reaches the Lazy kernel of %s (listed in %s)' % (script, op, yaml_path))
    if missing:
        return 1
    print('%d operators of %s recorded on lazy tensors' % (len(ops), yaml_path))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
