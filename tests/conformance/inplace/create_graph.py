# backward(create_graph=True) into a leaf: the first gradient is copied
# under grad mode, so x.grad has a grad_fn (CopyBackwards) and a second
# order gradient follows
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * x * x).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g.grad_fn.name())
x.grad = None
y = (x * x).sum()
y.backward(create_graph=True)
print(x.grad, x.grad.grad_fn.name(), x.grad.requires_grad)
# break the parameter <-> gradient cycle (1.13 warns about it) before exit
x.grad = None
