# detach() of a leaf and of a non-leaf shares storage and counter: writing it
# is allowed, the next backward through a node that saved the tensor is
# refused; detach_() on a view is refused, on a non-view it works
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
d = x.detach()
d.add_(1)
print(x, x._version, d._version, d.requires_grad)
y = x * x
x.detach().mul_(2)
y.sum().backward()
print(x.grad)
z = torch.tensor([1., 2.], requires_grad=True)
e = z.exp()
e.detach().zero_()
e.sum().backward()
print(z.grad)
v = x[1:]
v.detach_()
w = x * 1
w.detach_()
print(w.requires_grad, w.grad_fn, w.is_leaf)
y = x * 1
dv = y[1:].detach()
dv.fill_(7)
print(y, y._version, y.grad_fn.name())
