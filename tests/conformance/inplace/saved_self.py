# an in-place operator whose formula reads self saves self as it was
# (a clone), one reading result saves self after the write
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x + 1
y.mul_(y.detach() + 1)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.mul_(x)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.exp_()
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.sigmoid_()
y.tanh_()
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
