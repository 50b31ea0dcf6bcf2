# .grad accumulates across backward calls until set to None, or into an assigned tensor (issue 14)
x = torch.tensor([1., 2., 3.], requires_grad=True)
(x * 2).sum().backward()
print(x.grad)
(x * x).sum().backward()
print(x.grad)
x.grad = None
(x * x).sum().backward()
print(x.grad)
x.grad = torch.full((3,), 10.)
(x * 2).sum().backward()
print(x.grad)
g = x.grad
(x * 2).sum().backward()
print(g, g is x.grad)
x.grad = None
print(g)
del x.grad
(x.pow(2)).sum().backward()
print(x.grad, g)
