# an in-place operator without a derivative formula (floor_divide_): the
# refusals of any in-place write, a NotImplemented node as the written
# tensor's history (CopySlices through a view), the version bumped once
import torch
x = torch.tensor([1., 5.], requires_grad=True)
y = x * 1
print(y._version)
y.floor_divide_(2)
print(y.grad_fn.name(), y._version, y)
print(y.grad_fn.next_functions[0][0].name())
y.sum().backward()
z = x * 1
v = z[1:]
v.floor_divide_(2)
print(z.grad_fn.name(), v.grad_fn.name(), z._version)
x.floor_divide_(2)
with torch.no_grad():
    a = x * 1
a.floor_divide_(2)
print(a.grad_fn, a._version)
b = x.detach()
b.floor_divide_(torch.tensor([2., 2.], requires_grad=True))
print(b.grad_fn.name(), b._version)
