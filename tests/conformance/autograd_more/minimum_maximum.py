# maximum and minimum: the gradient goes to the larger (smaller) input, ties split it (issue 14)
a = torch.tensor([1., 5., 3., 2.], requires_grad=True)
b = torch.tensor([4., 2., 3., 2.], requires_grad=True)
y = torch.minimum(a, b)
print(y.grad_fn.name(), y)
y.sum().backward()
print(a.grad, b.grad)
a.grad = None
b.grad = None
y = torch.maximum(a, b)
print(y.grad_fn.name())
(y * torch.tensor([1., 2., 4., 8.])).sum().backward()
print(a.grad, b.grad)
a.grad = None
b.grad = None
c = torch.tensor([2.], requires_grad=True)
y = torch.minimum(a, c)
y.sum().backward()
print(a.grad, c.grad)
