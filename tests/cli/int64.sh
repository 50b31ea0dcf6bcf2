#!/bin/sh
# Ints are Python's: minaten runs scripts in CPython (tools/minaten/main.c),
# so an int that leaves int64 grows as in python3, never raises, wraps or
# becomes a float.  (The dialect's own interpreter raised "RuntimeError:
# minaten: ints are 64-bit; ... does not fit" here, a documented divergence
# that is gone.)  The script prints exactly what python3 prints for it; the
# cases whose result fits int64 are tests/conformance/hardening/int_edges.py.
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
python3=/usr/bin/python3
[ -x "$python3" ] || python3=python3
"$python3" script.py >expected.txt || { echo "FAIL: $python3 script.py: exit status $?"; exit 1; }
"$minaten" run script.py >out.txt 2>err.txt || { echo "FAIL: exit status $?"; exit 1; }
[ -s err.txt ] && { echo "FAIL: stderr: $(cat err.txt)"; exit 1; }
cmp -s expected.txt out.txt || { echo "FAIL:"; diff expected.txt out.txt; exit 1; }
echo ok
