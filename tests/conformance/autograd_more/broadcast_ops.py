# broadcast gradients through div, pow, maximum, sub and the expand of a 0-dim value (issue 14)
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = torch.tensor([2., 4.], requires_grad=True)
(x / y).sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
(x ** y).sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.tensor([[2.5], [1.]], requires_grad=True)
torch.maximum(x, z).sum().backward()
print(x.grad, z.grad)
x.grad = None
(z - y).sum().backward()
print(z.grad, y.grad)
k = torch.tensor(2., requires_grad=True)
e = k.expand(2, 3)
print(e.grad_fn.name(), e.shape)
(e * torch.arange(6.).reshape(2, 3)).sum().backward()
print(k.grad)
w = torch.ones(3, requires_grad=True)
l = w.expand(2, 2, 3)
l.sum().backward()
print(w.grad)
