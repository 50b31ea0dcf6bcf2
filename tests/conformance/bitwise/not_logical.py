# bitwise_not (and ~), logical_not, logical_xor: values for every dtype,
# bitwise_not's integer-only error and dtype-keeping out=, logical_not's
# and logical_xor's bool result (0/1 into an out= of any dtype, any input
# dtype), in place, broadcasting, traces, errors, and no grad_fn.
import torch

for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.bool):
    a = torch.tensor([0, 1, 5, 127], dtype=dt) if dt != torch.bool else torch.tensor([True, False])
    print(dt, torch.bitwise_not(a), ~a, a.bitwise_not(), torch.logical_not(a), a.logical_not())
print(~torch.tensor([-2**63, 2**63 - 1]), ~torch.tensor(0, dtype=torch.uint8), ~torch.tensor([[1, 2], [3, 4]]).t())
x = torch.tensor([1, -2, 3], dtype=torch.int16)
print(x.bitwise_not_(), x, torch.bitwise_not(x, out=torch.empty(3, dtype=torch.int16)))
print(torch.bitwise_not(x, out=torch.empty(0, dtype=torch.int16)), torch.bitwise_not(x, out=torch.empty(2, dtype=torch.int16)))
print(torch.logical_not(torch.tensor([0., -0., 1.5, float('nan'), float('inf')])), torch.logical_not(torch.tensor([0., 2.]).double()))
print(torch.logical_not(torch.tensor([0, 3]), out=torch.empty(2)), torch.logical_not(torch.tensor([0., 3.]), out=torch.empty(2, dtype=torch.int8)))
print(torch.logical_not(torch.tensor([0, 3]), out=torch.empty(0, dtype=torch.bool)), torch.logical_not(torch.tensor([0, 3]), out=torch.empty(3, dtype=torch.bool)))
y = torch.tensor([0., 2.5, -1.])
print(y.logical_not_(), y)
y = torch.tensor([0, 2, -1], dtype=torch.uint8)
print(y.logical_not_(), y)
print(torch.logical_not(torch.tensor(0)), torch.logical_not(torch.empty(0, 2)))
p = torch.tensor([0., 1., 2., 0.])
q = torch.tensor([0, 0, 3, 4])
print(torch.logical_xor(p, q), p.logical_xor(q), torch.logical_xor(torch.tensor([True, False]), torch.tensor([[True], [False]])))
print(torch.logical_xor(p, torch.tensor(1.)), torch.logical_xor(q, torch.tensor([True, True, False, False])))
print(torch.logical_xor(p, q, out=torch.empty(4)), torch.logical_xor(p, q, out=torch.empty(4, dtype=torch.int64)))
print(torch.logical_xor(p, q, out=torch.empty(0, dtype=torch.bool)))
z = p.clone()
print(z.logical_xor_(q), z)
z = q.clone()
print(z.logical_xor_(torch.tensor([1, 0, 1, 0])), z)
trace_on()
r = ~x
r = torch.bitwise_not(x)
r = x.bitwise_not_()
r = torch.bitwise_not(x, out=torch.empty(3, dtype=torch.int16))
r = torch.logical_not(x)
r = x.clone().logical_not_()
r = torch.logical_not(x, out=torch.empty(3))
r = torch.logical_xor(p, q)
r = p.clone().logical_xor_(q)
r = torch.logical_xor(p, q, out=torch.empty(4))
trace_off()
# errors
f = torch.tensor([1.5, 2.])
~f
torch.bitwise_not(f)
f.bitwise_not()
f.double().bitwise_not_()
torch.bitwise_not(x, out=torch.empty(3, dtype=torch.int64))
torch.bitwise_not(f, out=torch.empty(2, dtype=torch.int64))
torch.logical_xor(p, torch.ones(3))
p.clone().logical_xor_(torch.ones(2, 4))
torch.logical_not(torch.ones(2, 2), out=torch.empty(2, 2).t()[0])
torch.logical_xor(p, 1)
torch.logical_not(1)
# no grad_fn: logical_* are never differentiable
g = torch.tensor([0., 2.], requires_grad=True)
print(torch.logical_not(g), torch.logical_not(g).requires_grad, torch.logical_xor(g, g).requires_grad)
~g
