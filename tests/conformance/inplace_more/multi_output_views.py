# outputs of split, chunk, unbind, split_with_sizes: each in-place refusal
# names its node and output; no_grad writes and writes to a detach() run
import torch
x = torch.arange(6., requires_grad=True)
y = x * 1
p, q = y.split_with_sizes([2, 4])
q.add_(1)
r = y.chunk(3)[2]
r.mul_(2)
u = y.view(2, 3).unbind(1)
u[2].zero_()
t = y.split(4)[1]
t[0] = 5
print(y._version, y)
with torch.no_grad():
    q.add_(1)
    u[0].mul_(10)
print(y._version, y)
d = p.detach()
d.add_(100)
print(y._version, p._version, d._version, y)
print(p.grad_fn.name(), q.grad_fn.name())
y.sum().backward()
print(x.grad)
