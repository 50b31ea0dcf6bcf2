# elementwise gradients at their edges: zero, negative and large inputs (issue 14)
x = torch.tensor([-2., 0., 3.], requires_grad=True)
x.abs().sum().backward()
print(x.grad)
x.grad = None
x.relu().sum().backward()
print(x.grad)
x.grad = None
x.sqrt().sum().backward()
print(x.grad)
x.grad = None
x.log().sum().backward()
print(x.grad)
x.grad = None
x.reciprocal().sum().backward()
print(x.grad)
x.grad = None
x.rsqrt().sum().backward()
print(x.grad)
x.grad = None
b = torch.tensor([-100., 0., 100.], requires_grad=True)
b.sigmoid().sum().backward()
print(b.grad)
b.grad = None
b.tanh().sum().backward()
print(b.grad)
b.grad = None
b.exp().sum().backward()
print(b.grad)
b.grad = None
(b * 0).sum().backward()
print(b.grad)
b.grad = None
(b / 0).sum().backward()
print(b.grad)
