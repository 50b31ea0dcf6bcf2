# in-place with self as the other operand (y.add_(y), v.add_(v) through a
# view) under autograd, and refusals for shapes and dtypes an in-place op
# cannot write: the broadcast shape, the result type (y.mul_(y) is left out:
# minaten leaks the node, which saves its own output)
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1
y.add_(y)
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y[1:]
v.add_(v)
v.add_(v)
y.sum().backward()
print(y._version, y.grad_fn.name(), x.grad)
y = x * 1
y.add_(torch.ones(2, 3))
i = torch.ones(3, dtype=torch.long)
i.add_(x)
i.mul_(1.5)
b = torch.ones(3, dtype=torch.bool)
b.add_(1)
print(y._version, i._version, i)
