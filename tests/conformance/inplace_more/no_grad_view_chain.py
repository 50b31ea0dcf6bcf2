# a view made with grad mode on of a view made in no_grad mode: it has a
# grad_fn (SelectBackward0 with no next function) and inherits the no_grad
# creation, so writing it in place fails 1.13's internal assert, as 1.13
# prints it; the base and the no_grad view are untouched
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = x * 1
with torch.no_grad():
    v = y[:, 1]
w = v[0]
print(w.grad_fn.name(), w.requires_grad, w._base is y)
print(w.grad_fn.next_functions)
w.mul_(2)
w.add_(1)
print(y, v, w, y._version)
u = v.unsqueeze(0)
print(u.grad_fn.name())
u.zero_()
with torch.no_grad():
    w.mul_(2)
print(y, y._version)
y.sum().backward()
print(x.grad)
