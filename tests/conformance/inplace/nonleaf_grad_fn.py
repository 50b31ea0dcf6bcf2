# in-place operators on a non-leaf: the grad_fn is the functional
# operator's node (add_.Tensor: AddBackward0), the version grows, and the
# gradients flow through every write
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.add_(1)
print(y.grad_fn.name(), y._version, y.is_leaf)
y.mul_(torch.tensor([1., 2., 3.]))
print(y.grad_fn.name(), y._version)
y.sub_(x, alpha=2)
print(y.grad_fn.name(), y._version)
print(y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
