# backward twice through in-place writes (retain_graph=True): gradients
# accumulate; a write between the two backward calls invalidates a node that
# saved the tensor, and the second backward is refused
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 1
y[0].mul_(3)
z = (y * 2).sum()
z.backward(retain_graph=True)
z.backward()
print(x.grad)
x.grad = None
y = x * 1
y.add_(1)
z = (y * y).sum()
z.backward(retain_graph=True)
print(x.grad)
y.mul_(2)
z.backward()
print(x.grad, y._version)
