# views made in no_grad mode of a tensor that requires grad: written in
# no_grad mode (allowed, versions bump) and with grad on (refused); views
# of a leaf made under no_grad and written there change the leaf
import torch
x = torch.ones(4, requires_grad=True)
with torch.no_grad():
    v = x[:2]
print(v.requires_grad, v.grad_fn, v._base is x)
v.mul_(2)
with torch.no_grad():
    v.mul_(3)
print(x, x._version, v._version)
y = x * 1
with torch.no_grad():
    w = y[2:]
    w.add_(1)
print(y.grad_fn.name(), y._version, w.requires_grad)
w.add_(1)
y.sum().backward()
print(x.grad)
z = torch.zeros(3)
with torch.no_grad():
    zv = z[1:]
zv.add_(x[:2])
print(z.requires_grad, zv.requires_grad)
