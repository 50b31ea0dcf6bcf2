# a range at the int64 edges: range(-2**63, 2**63 - 1) indexes, iterates and compares as in Python; its len() is Python's OverflowError
M = 9223372036854775807
r = range(m, M)
print(r[0], r[-1], r[5], r[m], M - 1 in r, M in r, bool(r), r == range(m, M), r)
for i in r:
    print(i)
    break
print(range(0, 10, 4611686018427387904)[::-1], len(range(0, 10, 4611686018427387904)))
print(len(r))
print(r[M])
