# ceil, round, trunc, sign, floor: their gradients are zeros (issue 14)
x = torch.tensor([-1.5, 0.3, 2.5, 0.], requires_grad=True)
y = x.ceil()
print(y.grad_fn.name(), y)
(y * x).sum().backward()
print(x.grad)
x.grad = None
y = x.round()
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x.trunc()
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x.sign()
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x.floor() + x.ceil() * 2
y.sum().backward()
print(x.grad)
