# a write through a view to a tensor a node saved invalidates the node: the
# message names the tensor as output 0 of its grad_fn (or by type for a
# leaf-like input), and the version it was saved at
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
z = y * y
y[0].add_(1)
z.sum().backward()
a = torch.tensor([1., 2., 3., 4.], requires_grad=True)
e = a.exp()
e.view(2, 2)[1].mul_(2)
e.sum().backward()
w = torch.ones(3)
p = x * w
w[1:].zero_()
p.sum().backward()
s = x.sigmoid()
s2 = s[:2]
s2.mul_(1)
s2.mul_(1)
s.sum().backward()
print(x.grad, a.grad)
