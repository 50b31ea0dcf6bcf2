# torch.autograd.grad with respect to a view written in place, its base,
# and a view taken after the write: the view's new history is used; a view
# written but not used by the output is refused as unused
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
v = y[1:]
v.mul_(3)
z = (y * y).sum()
gv, gy = torch.autograd.grad(z, [v, y], retain_graph=True)
gy, = torch.autograd.grad(z, [y])
print(gy)
y = x * 2
v = y[:2]
v.add_(1)
w = y[1:]
gv, gw, gx = torch.autograd.grad((w * 5).sum() + v.sum(), [v, w, x])
print(gv, gw, gx)
y = x * 1
v = y[:1]
y.mul_(4)
gv, = torch.autograd.grad(v.sum(), [v])
print(gv, v.grad_fn.name())
