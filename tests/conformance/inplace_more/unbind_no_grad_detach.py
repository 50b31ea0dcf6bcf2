# outputs of unbind and chunk of a non-leaf: one written in no_grad mode,
# one through a detach() (allowed; the base sees the values, its history is
# unchanged), after which the sibling outputs are refused at use with the
# indirect multi-view message (c1.is_leaf left out: 1.13 raises it there,
# minaten returns False); the base's own gradient is unaffected
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = x * 2
r0, r1 = y.unbind(0)
with torch.no_grad():
    r0.zero_()
print(y._version, r1._version, y.grad_fn.name())
print(r1.grad_fn)
c0, c1 = y.chunk(2, 1)
c1.detach().fill_(9)
print(y._version, c0._version, y)
s = c0 + 1
print(c1.requires_grad)
y.sum().backward()
print(x.grad)
