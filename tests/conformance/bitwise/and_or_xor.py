# bitwise_and / bitwise_or / bitwise_xor and Python's &, |, ^, &=, |=, ^=
# (1.13's __and__, __iand__, ...: aten operators over the bitwise_* methods;
# __rand__ & co. are bitwise_* with self first): values for every integer
# dtype and bool, the result type (wrapped Python numbers, 0-dim tensors),
# broadcasting, in place and out=, the traces, and the errors word for word.
import torch

for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
    a = torch.tensor([0, 1, 5, 12, 100, -1, -128], dtype=dt) if dt != torch.uint8 else torch.tensor([0, 1, 5, 12, 100, 255, 128], dtype=dt)
    b = torch.tensor([3, 3, 6, 10, 27, 7, 127], dtype=dt)
    print(dt, torch.bitwise_and(a, b), torch.bitwise_or(a, b), torch.bitwise_xor(a, b))
    print(a & b, a | b, a ^ b, a & 6, a | 6, a ^ 6, 6 & a, 6 | a, 6 ^ a)
print(torch.tensor([-2**63, 2**63 - 1, -1]) & torch.tensor([-1, -2, 2**62]), torch.tensor([-2**63]) ^ -1)
p = torch.tensor([True, True, False, False])
q = torch.tensor([True, False, True, False])
print(p & q, p | q, p ^ q, p & True, p | False, p ^ True, True & p, False ^ p)
print(torch.bitwise_and(p, q), p.bitwise_or(q), p.bitwise_xor(True))
# the result type: wrapped numbers do not widen, 0-dim tensors widen only across kinds
i8 = torch.tensor([1, 2, 3], dtype=torch.int8)
print((i8 & 300).dtype, i8 & 300, i8 | -1, (i8 & torch.tensor(3)).dtype, (i8 & torch.tensor([3])).dtype)
print(p & 5, (p & 5).dtype, p & torch.tensor(1, dtype=torch.int16), (p | torch.tensor([1, 2, 3, 4], dtype=torch.uint8)))
print(torch.tensor([1, 2], dtype=torch.uint8) & torch.tensor([3, -1], dtype=torch.int8))
print(torch.tensor(6) & torch.tensor(3), torch.tensor(6, dtype=torch.int8) ^ 300)
# broadcasting, non-contiguous, empty
m = torch.arange(12).reshape(3, 4)
print(m & torch.tensor([1, 2, 4, 8]), m.t() | torch.tensor([[16], [32], [64], [128]]), m[:, ::2] ^ m[:, 1::2])
print(torch.empty(0, 3, dtype=torch.long) & torch.tensor([1, 2, 3]), (m & torch.empty(0, 1, dtype=torch.long)).shape)
print(torch.bitwise_and(5, torch.tensor([1, 3, 7])), torch.bitwise_or(8, p), torch.bitwise_xor(True, p))
# in place: the dunder forms, the methods, Scalar and Tensor
x = torch.tensor([12, 10, 7])
y = x
x &= 6
print(x, y is x)
x |= torch.tensor([1, 16, 0])
print(x, y is x)
x ^= 3
print(x, y is x)
print(x.bitwise_and_(torch.tensor([1])), x.bitwise_or_(8), x.bitwise_xor_(torch.tensor(1)), x)
print(x.__iand__(5), x.__ior__(torch.tensor([2, 2, 2])), x.__ixor__(1), x.__and__(3), x.__or__(x), x.__xor__(1))
pp = p.clone()
pp &= q
print(pp)
pp ^= True
print(pp)
# out=
out = torch.empty(3, dtype=torch.long)
print(torch.bitwise_and(torch.tensor([12, 10, 7]), 6, out=out), out)
print(torch.bitwise_or(torch.tensor([12, 10, 7]), torch.tensor([1, 1, 1]), out=out), out)
out = torch.empty(0, dtype=torch.long)
print(torch.bitwise_xor(torch.tensor([12, 10, 7]), torch.tensor([[1], [2]]), out=out), out.shape)
print(torch.bitwise_and(torch.tensor([12, 10, 7], dtype=torch.int8), torch.tensor([7], dtype=torch.int8), out=torch.empty(3)))
print(torch.bitwise_and(p, q, out=torch.empty(4, dtype=torch.int32)))
print(torch.bitwise_and(torch.tensor([1, 2, 3]), 1, out=torch.empty(2, dtype=torch.long)))
# traces (the CompositeImplicitAutograd Scalar forms of bitwise_or/xor and
# the in-place Scalar forms hand a wrapped number to the Tensor overload:
# under a TorchDispatchMode 1.13 turns it into an int and fails, below)
trace_on()
r = x & y
r = x & 3
r = 3 & x
r = x ^ torch.tensor([1, 2, 3])
x |= torch.tensor([1])
x &= torch.tensor([3])
r = torch.bitwise_and(x, 3)
r = torch.bitwise_or(3, x)
r = torch.bitwise_xor(x, 3, out=torch.empty(3, dtype=torch.long))
r = torch.ops.aten.__and__.Tensor(x, y)
r = torch.ops.aten.__or__.Tensor(x, y)
r = torch.ops.aten.__ixor__.Tensor(x, y)
trace_off()
# errors
f = torch.tensor([1.5, 2.])
f & f
f | 1
f ^ torch.tensor([1, 2])
torch.tensor([1, 2]) & 1.5
torch.bitwise_and(f, f)
torch.bitwise_or(f, 1)
torch.bitwise_xor(1, f)
torch.bitwise_and(f.double(), f.double())
torch.tensor([1, 2]).bitwise_and_(f)
torch.tensor([1, 2]) & torch.tensor([1, 2, 3])
torch.tensor([1, 2]).bitwise_or_(torch.tensor([[1], [2]]))
torch.bitwise_and(torch.tensor([1, 2]), 1, out=torch.empty(2, dtype=torch.int8))
torch.bitwise_and(torch.tensor([1, 2]), torch.tensor([1, 2]), out=torch.empty(2, dtype=torch.bool))
torch.bitwise_and(torch.tensor([1, 2]), torch.tensor([1, 2]), out=torch.empty(2))
torch.bitwise_and(f, f, out=torch.empty(2, dtype=torch.long))
p & "a"
p | None
"a" ^ p
torch.bitwise_and(p, "a")
torch.bitwise_and(1, 2)
p.bitwise_and()
# autograd: a float that requires grad never reaches the kernel; integers cannot require grad
g = torch.tensor([1., 2.], requires_grad=True)
g & g
torch.bitwise_or(g, 1)
# under a TorchDispatchMode, a wrapped number reaches the mode as a Python
# number, which the Tensor overload refuses
from torch.utils._python_dispatch import TorchDispatchMode
class Show(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(func, args)
        return func(*args, **(kwargs or {}))
with Show():
    r = x | 3
with Show():
    x ^= 2
with Show():
    r = x & 3
