# lazy tensors cannot express a view with as_strided, so autograd replays
# the view operators (1.13's view_func): a view written in place gets the
# grad_fn of its replay, and CopySlices takes the gradient's slice by the
# same replay (writes through views that are not a prefix of their base)
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], device='lazy', requires_grad=True)
y = x * 1
v = y[:, 0]
v.mul_(2)
print(y.grad_fn.name(), v.grad_fn.name(), y._version, v._version)
print(v.grad_fn.next_functions[0][0].name())
print(v.grad_fn.next_functions[0][0].next_functions[0][0].name())
y.sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
w = y.t()[1]
w.add_(5)
print(w.grad_fn.name(), w.grad_fn.next_functions[0][0].name())
print(w.grad_fn.next_functions[0][0].next_functions[0][0].name())
(y * y).sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
row = y[1]
col = y[:, 1]
row.mul_(3)
print(col.grad_fn.name(), col._version)
print(col.cpu())
(col * 2).sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
s = y.view(6)[1::2]
s.mul_(10)
print(s.grad_fn.name(), s.grad_fn.next_functions[0][0].name())
(y * x).sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
d = y[:, :2].diagonal()
d.mul_(-1)
print(d.grad_fn.name(), y.grad_fn.name())
y.exp().sum().backward()
print(x.grad.cpu())
x.grad = None
y = x + 0
u = y.unsqueeze(0)
e = u[0, 1, 2:]
e.zero_()
print(e.grad_fn.name(), u.grad_fn.name(), y._version)
(u * 3).sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
v = y[:, 2]
y.add_(1)
print(v.grad_fn.name(), v.cpu())
v.sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
v = y[1]
v[0] = 7.
print(y.grad_fn.name(), v.grad_fn.name())
(y * 2).sum().backward()
print(x.grad.cpu())
