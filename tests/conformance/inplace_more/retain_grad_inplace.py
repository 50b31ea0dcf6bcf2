# retain_grad() on a non-leaf then written in place: through a view
# (CopySlices) y.grad is the gradient with respect to y before the write;
# retained between two direct writes; x.grad in every case (y.grad after a
# direct write is left out: 1.13 gives it for the value after the write,
# minaten for the value before)
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.retain_grad()
y.mul_(3)
(y * y).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.retain_grad()
y[0].mul_(5)
print(y.grad_fn.name(), y.retains_grad)
(y * torch.tensor([1., 2., 3.])).sum().backward()
print(y.grad, x.grad)
x.grad = None
y = x + 1
y.mul_(2)
y.retain_grad()
y.add_(1)
y.sum().backward()
print(y.grad, x.grad)
