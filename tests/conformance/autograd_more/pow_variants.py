# the three pow overloads, with zero, negative and fractional exponents (issue 14)
x = torch.tensor([1., 2., 0.5], requires_grad=True)
y = torch.pow(2, x)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = 3 ** x
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x ** 0
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x ** -2
y.sum().backward()
print(x.grad)
x.grad = None
y = x ** 0.5
y.sum().backward()
print(x.grad)
x.grad = None
e = torch.tensor([2., 0., 3.], requires_grad=True)
y = torch.pow(x, e)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad, e.grad)
x.grad = None
z = torch.tensor([0., 0.], requires_grad=True)
y = torch.pow(z, torch.tensor([2., 0.]))
y.sum().backward()
print(z.grad)
z.grad = None
y = torch.pow(1, z)
y.sum().backward()
print(z.grad)
