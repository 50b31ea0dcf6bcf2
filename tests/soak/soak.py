#!/usr/bin/env python3
"""A bounded soak of `minaten run` (CPython with minaten's bindings): flat memory over many script lines.

    soak.py MINATEN [LINES]      (LINES: 100000 by default)

Runs `minaten --stats=EVERY run` on a script of LINES lines (a block of
statements: tensors, views, Python values, errors, blocks, and autograd,
a backward through a graph and a gradient freed with it, repeated; EVERY =
LINES/10, a whole number of blocks), which prints the allocator's counters
and the resident set every EVERY lines and at exit (tools/minaten/main.c
print_stats), and fails unless

  - at exit the allocator's counters are back to zero: bytes_live=0 and as
    many frees as allocations (every storage released, runtime/Allocator.c);
  - at every sample the storage held (bytes_live, allocations - frees) is
    the same: the block leaves what it found;
  - the resident set grows by less than MAX_GROWTH_KB from the first sample
    to the last: a leak of one small object per block (a tensor's Python
    object, a graph node, a saved variable, a copied string) over the 90%
    of the run between them grows it by more;
  - the output is the block's output, repeated (no line stops working after
    many lines).
"""
import os
import re
import subprocess
import sys
import tempfile

MAX_GROWTH_KB = 256

# 30 lines; a `def` and a `for` make sure that blocks, functions and their
# frames are released too, the error lines that error paths are, and the
# last five that a backward graph (nodes, saved tensors, the gradient of a
# leaf) is released with the tensors that hold it.
BLOCK = """\
a = torch.arange(12.).reshape(3, 4)
b = a.t().contiguous().view(2, 6)
c = (a * 2 + 1).sum(1)
d = a[1:, ::2]
d += 1
e = torch.cat([a, a], 0)[::3]
print(c.tolist(), d.shape, e.size(0), float(a.mean()))
s = 'x' * 10 + str(len([1, 2, 3]))
t = (1, 2.5, 'three', None, [4, (5,)])
print(s, t, t[4][1], repr(s[:3]))
a.view(5)
undefined_name + 1
torch.zeros(2, 3) @ torch.zeros(2, 3)
1 / 0
q = torch.quantize_per_tensor(torch.tensor([0.5, 1.5]), 0.5, 0, torch.quint8)
print(q.int_repr(), q.dequantize())
def f(x, y=2):
    z = x * y
    return z + 1
total = 0
for i in range(5):
    total += f(i)
print(total, f(torch.ones(2)), [j * j for j in range(4)])
a[0] = 7
print(a[0], a.sum().item())
w = torch.arange(4., requires_grad=True)
loss = ((w * a[1]).sin() * w).sum()
loss.backward()
print(w.grad, loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name())
w.grad = None
"""
BLOCK_LINES = BLOCK.count('\n')


STATS = re.compile(r'minaten: stats at (line \d+|exit): allocations=(\d+) frees=(\d+) bytes_live=(-?\d+) '
                   r'bytes_total=(\d+) rss_kb=(-?\d+) max_rss_kb=(-?\d+)')


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    minaten = sys.argv[1]
    repeats = (int(sys.argv[2]) if len(sys.argv) == 3 else 100000) // BLOCK_LINES // 10 * 10
    every = repeats // 10 * BLOCK_LINES
    with tempfile.TemporaryDirectory() as workdir:
        path = os.path.join(workdir, 'soak.py')
        with open(path, 'w') as f:
            f.write(BLOCK * repeats)
        p = subprocess.run([minaten, '--stats=%d' % every, 'run', path], capture_output=True, text=True)
    lines = repeats * BLOCK_LINES
    if p.returncode != 0:
        sys.exit('soak: minaten exited with %d: %s' % (p.returncode, p.stderr[-2000:]))
    samples = [(m.group(1), *map(int, m.groups()[1:])) for m in STATS.finditer(p.stderr)]
    for at, allocations, frees, live, total, rss, max_rss in samples:
        print('soak: at %-11s allocations=%d frees=%d bytes_live=%d bytes_total=%d rss_kb=%d max_rss_kb=%d'
              % (at, allocations, frees, live, total, rss, max_rss))
    if len(samples) != 10 or samples[-1][0] != 'exit':
        sys.exit('soak: expected 9 samples and one at exit on stderr, got %d: %r' % (len(samples), p.stderr[-2000:]))
    out = p.stdout.splitlines()
    per_block = len(out) // repeats
    if per_block == 0 or out != out[:per_block] * repeats:
        sys.exit("soak: the output of %d lines is not the block's output repeated %d times" % (lines, repeats))
    _, allocations, frees, live, _, _, _ = samples[-1]
    if live != 0 or allocations != frees:
        sys.exit('soak: storage leaked over %d lines: %d allocations, %d frees, %d bytes live at exit'
                 % (lines, allocations, frees, live))
    held = {(s[1] - s[2], s[3]) for s in samples[:-1]}
    if len(held) != 1:
        sys.exit('soak: the storage held between blocks changes (allocations - frees, bytes live): %s' % sorted(held))
    growth = samples[-2][5] - samples[0][5]
    print('soak: %d lines; resident set %+d kB from line %d to line %d (limit %d kB)'
          % (lines, growth, every, lines - every, MAX_GROWTH_KB))
    if growth >= MAX_GROWTH_KB:
        sys.exit('soak: memory grows with the number of lines: %+d kB' % growth)


if __name__ == '__main__':
    main()
