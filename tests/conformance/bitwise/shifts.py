# bitwise_left_shift / bitwise_right_shift and Python's <<, >>, <<=, >>=
# (1.13's __lshift__/__rshift__ and __ilshift__/__irshift__ are aten
# operators with CPU kernels of their own; __rlshift__/__rrshift__ are
# torch/_tensor.py's bitwise_*_shift(other, self)): every integer dtype,
# counts inside and outside [0, width) and negative ones (1.13 takes the
# count modulo 32 for the types up to int32, 64 for int64: Note [Shift
# counts]), scalar and tensor counts, the result type, in place, out=, the
# traces, and the errors.
import torch

vals = {torch.uint8: [0, 1, 5, 100, 200, 255, 128], torch.int8: [0, 1, 5, 100, -1, -128, 127],
        torch.int16: [0, 1, 5, 1000, -1, -32768, 32767], torch.int32: [0, 1, 5, 100000, -1, -2**31, 2**31 - 1],
        torch.int64: [0, 1, 5, 10**12, -1, -2**63, 2**63 - 1]}
for dt, v in vals.items():
    a = torch.tensor(v, dtype=dt)
    print(dt)
    for s in (-65, -33, -1, 0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127):
        print(s, (a << s).tolist(), (a >> s).tolist())
    c = torch.tensor([-1, 0, 1, 7, 8, 31, 32], dtype=dt) if dt != torch.uint8 else torch.tensor([255, 0, 1, 7, 8, 31, 32], dtype=dt)
    print(torch.bitwise_left_shift(a, c), torch.bitwise_right_shift(a, c))
    print(a.__lshift__(c), a.__rshift__(c), a.bitwise_left_shift(2), a.bitwise_right_shift(2))
# a long row (the kernels' vector loops in 1.13) with counts outside the width
r32 = torch.full((100,), -5, dtype=torch.int32)
k32 = torch.arange(-50, 50, dtype=torch.int32)
print((r32 << k32).tolist(), (r32 >> k32).tolist())
r64 = torch.full((100,), -5, dtype=torch.int64)
print((r64 << torch.arange(0, 200, 2)).tolist(), (r64 >> torch.arange(-100, 100, 2)).tolist())
# the result type and Python numbers
i8 = torch.tensor([1, -2, 3], dtype=torch.int8)
print(i8 << 300, (i8 << 300).dtype, i8 >> torch.tensor(1), (i8 << torch.tensor([1])).dtype, i8 << torch.tensor([1, 2, 3], dtype=torch.int16))
print(1 << i8, 256 >> torch.tensor([1, 2, 3]), (1 << i8).dtype, torch.bitwise_left_shift(3, i8), torch.bitwise_right_shift(-100, i8))
print(torch.tensor([True, False]) << 1, (torch.tensor([True, False]) >> 1).dtype, torch.tensor(5) << torch.tensor(2))
m = torch.arange(6).reshape(2, 3)
print(m << torch.tensor([[1], [2]]), m.t() >> torch.tensor([1, 0]), m[:, ::2] << m[:, 1::2])
print(torch.empty(0, 3, dtype=torch.long) << 2, (m >> torch.empty(0, 1, dtype=torch.long)).shape)
# in place and out=
x = torch.tensor([1, 2, 3])
y = x
x <<= 2
print(x, y is x)
x >>= torch.tensor([1, 0, 2])
print(x, y is x)
print(x.__ilshift__(1), x.__irshift__(torch.tensor([1])), x.bitwise_left_shift_(3), x.bitwise_right_shift_(torch.tensor(1)), x)
out = torch.empty(3, dtype=torch.long)
print(torch.bitwise_left_shift(torch.tensor([1, 2, 3]), 4, out=out), out)
print(torch.bitwise_right_shift(torch.tensor([16, 32, 64]), torch.tensor([1, 2, 3]), out=out), out)
out = torch.empty(0, dtype=torch.long)
print(torch.bitwise_left_shift(torch.tensor([1, 2, 3]), torch.tensor([[1], [2]]), out=out), out.shape)
print(torch.bitwise_left_shift(torch.tensor([1, 64, 3], dtype=torch.int8), 2, out=torch.empty(3, dtype=torch.long)))
print(torch.bitwise_right_shift(torch.tensor([1, 2, 3]), 1, out=torch.empty(2, dtype=torch.long)))
# traces
trace_on()
r = x << 1
r = x >> y
r = 1 << x
r = 8 >> x
x <<= 1
x >>= torch.tensor(1)
r = torch.bitwise_left_shift(x, 1)
r = torch.bitwise_right_shift(x, y)
r = torch.bitwise_left_shift(2, x)
r = x.bitwise_right_shift_(1)
r = torch.bitwise_left_shift(x, 1, out=torch.empty(3, dtype=torch.long))
r = torch.ops.aten.__lshift__.Tensor(x, y)
r = torch.ops.aten.__irshift__.Scalar(x, 1)
trace_off()
# errors
f = torch.tensor([1.5, 2.])
f << 1
f >> f
torch.tensor([1, 2]) << 1.5
1.5 >> torch.tensor([1, 2])
torch.bitwise_left_shift(f, 1)
torch.bitwise_right_shift(f.double(), torch.tensor([1, 2]))
torch.tensor([True]) << torch.tensor([True])
torch.tensor([True]) >> True
torch.bitwise_left_shift(torch.tensor([True]), torch.tensor([False]))
x.bitwise_left_shift_(f)
x <<= 1.5
torch.tensor([1, 2]) << torch.tensor([1, 2, 3])
torch.tensor([1, 2]).bitwise_left_shift_(torch.tensor([[1], [2]]))
torch.tensor([1, 2]).__ilshift__(torch.tensor([[1], [2]]))
torch.bitwise_left_shift(torch.tensor([1, 2]), 1, out=torch.empty(2, dtype=torch.int8))
torch.bitwise_right_shift(f, f, out=torch.empty(2, dtype=torch.long))
torch.tensor([1]) << "a"
torch.tensor([1]) >> None
torch.bitwise_left_shift(1, 2)
g = torch.tensor([1., 2.], requires_grad=True)
g << 1
