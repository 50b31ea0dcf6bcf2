#!/bin/sh
# NB(minaten): ints are 64-bit (tools/minaten/interpreter/pyops.c, docs/dialect.md).
# Where Python's result leaves int64 (Python grows the int), minaten raises
# "RuntimeError: minaten: ints are 64-bit; ... does not fit" and the next
# line runs; it never gives a float or a wrapped value.  These outputs are
# minaten's documented divergence, not PyTorch's (which prints big ints), so
# they are checked here and not recorded as a conformance script; the cases
# whose result fits are tests/conformance/hardening/int_edges.py.
# Usage: int64.sh path/to/minaten scratch-dir
set -u
minaten=$1 scratch=$2
mkdir -p "$scratch" && cd "$scratch" || exit 1
cat >script.py <<'PY'
m = -9223372036854775807 - 1
M = 9223372036854775807
print(3 << 62)
print(1 << 63)
print(1 << 64)
print(-1 << 64)
print(m // -1)
print(abs(m))
print(-m)
print(M + 1)
print(m - 1)
print(M * 2)
print(m * -1)
print(2 ** 63)
print((-2) ** 64)
x = M
x += 1
print(int("9223372036854775808"))
print(int("-9223372036854775809"))
print(int(9.3e18))
print(range(0, 10, 4611686018427387904)[::4])
print("done", x)
PY
cat >expected.txt <<'OUT'
RuntimeError: minaten: ints are 64-bit; 3 << 62 does not fit
RuntimeError: minaten: ints are 64-bit; 1 << 63 does not fit
RuntimeError: minaten: ints are 64-bit; 1 << 64 does not fit
RuntimeError: minaten: ints are 64-bit; -1 << 64 does not fit
RuntimeError: minaten: ints are 64-bit; -9223372036854775808 // -1 does not fit
RuntimeError: minaten: ints are 64-bit; abs(-9223372036854775808) does not fit
RuntimeError: minaten: ints are 64-bit; -(-9223372036854775808) does not fit
RuntimeError: minaten: ints are 64-bit; 9223372036854775807 + 1 does not fit
RuntimeError: minaten: ints are 64-bit; -9223372036854775808 - 1 does not fit
RuntimeError: minaten: ints are 64-bit; 9223372036854775807 * 2 does not fit
RuntimeError: minaten: ints are 64-bit; -9223372036854775808 * -1 does not fit
RuntimeError: minaten: ints are 64-bit; 2 ** 63 does not fit
RuntimeError: minaten: ints are 64-bit; (-2) ** 64 does not fit
RuntimeError: minaten: ints are 64-bit; 9223372036854775807 + 1 does not fit
RuntimeError: minaten: ints are 64-bit; int('9223372036854775808') does not fit
RuntimeError: minaten: ints are 64-bit; int('-9223372036854775809') does not fit
RuntimeError: minaten: ints are 64-bit; 9.3e+18 does not fit
RuntimeError: minaten: ints are 64-bit; 4611686018427387904 * 4 does not fit
done 9223372036854775807
OUT
"$minaten" run script.py >out.txt 2>err.txt || { echo "FAIL: exit status $?"; exit 1; }
[ -s err.txt ] && { echo "FAIL: stderr: $(cat err.txt)"; exit 1; }
cmp -s expected.txt out.txt || { echo "FAIL:"; diff expected.txt out.txt; exit 1; }
echo ok
