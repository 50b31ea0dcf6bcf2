# retain_grad() and in-place writes: written directly, the tensor's .grad
# is the gradient of its value after the write (the hook moves to the new
# grad_fn); written through a view, base and view keep their old hooks
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
y.retain_grad()
y.mul_(3)
y.sum().backward()
print(y.grad, x.grad)
y = x * 2
y.retain_grad()
y.add_(1)
y.mul_(x)
(y * y).sum().backward()
print(y.grad, y.grad_fn.name())
z = x * 2
z.retain_grad()
v = z[:1]
v.mul_(5)
z.sum().backward()
print(z.grad)
w = x * 2
w.retain_grad()
u = w[1:]
u.retain_grad()
u.add_(1)
w.sum().backward()
print(w.grad, u.grad)
a = x * 2
a.retain_grad()
b = a.exp()
a.mul_(2)
print(a.grad_fn.name(), a.retains_grad)
b.sum().backward()
print(a.grad)
