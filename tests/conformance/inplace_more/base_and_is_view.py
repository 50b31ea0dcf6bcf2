# _base and _is_view() of views of views, of detach(), and after writes:
# the root stays the base; a view's grad_fn after its base was written
# directly, and the gradient through the old view and the base
import torch
x = torch.ones(2, 3, requires_grad=True)
y = x * 2
a = y[0]
b = a[1:]
c = b.view(2, 1)
print(a._base is y, b._base is y, c._base is y, y._base, y._is_view(), c._is_view())
d = c.detach()
print(d._is_view(), d._base is None)
y.mul_(x)
print(a.grad_fn.name(), c.grad_fn.name(), y._version, c._version)
(c.sum() + y.sum()).backward()
print(x.grad)
