# gradients of remainder: 1 for self, -floor(self / other) for other (issue 14)
x = torch.tensor([5.5, -3.5, 7.], requires_grad=True)
y = torch.tensor([2., 2., -3.], requires_grad=True)
z = torch.remainder(x, y)
print(z.grad_fn.name(), z)
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
z = x.remainder(2.5)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = x % 4
print(z.grad_fn.name())
(z * 3).sum().backward()
print(x.grad)
