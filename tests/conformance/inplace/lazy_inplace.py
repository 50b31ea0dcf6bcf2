# in-place under autograd on lazy tensors: grad_fn names of the non-view
# case and of the base (CopySlices), lazy gradients through it
# (the view's own regenerated grad_fn differs on lazy tensors: 1.13 replays
# the view, SelectBackward0; minaten makes AsStridedBackward0, so it is not
# printed here)
import torch
x = torch.ones(2, 3, device='lazy', requires_grad=True)
y = x * 2
y.add_(1)
print(y.grad_fn.name(), y._version)
v = y[0]
v.mul_(3)
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad.cpu())
x.add_(1)
torch.add(x, 1, out=torch.zeros(2, 3, device='lazy'))
