# lazy tensors: a write through a view invalidates a node that saved the
# base (the message names LazyFloatType and the node); no_grad writes
# through views of a lazy leaf bump base and view; detach() of a lazy
# non-leaf shares the counter
import torch
x = torch.tensor([1., 2., 3., 4.], device='lazy', requires_grad=True)
e = x.exp()
e[1:].mul_(2)
e.sum().backward()
y = x * 1
z = y * y
y[2:].zero_()
z.sum().backward()
with torch.no_grad():
    v = x[1:3]
    v.mul_(10)
    x[0] = 5
print(x._version, v._version, x.cpu())
w = x * 1
d = w.detach()
d.add_(1)
print(w._version, d._version, d.requires_grad)
(x * 2).sum().backward()
print(x.grad.cpu())
