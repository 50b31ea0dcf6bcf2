# index_put (out of place): gradients of self and of values, accumulate or not (issue 14)
x = torch.zeros(5, requires_grad=True)
v = torch.tensor([1., 2.], requires_grad=True)
i = torch.tensor([1, 3])
y = torch.index_put(x, (i,), v)
print(y.grad_fn.name(), y)
(y * torch.arange(5.)).sum().backward()
print(x.grad, v.grad)
x.grad = None
v.grad = None
y = x.index_put((i,), v, accumulate=True)
(y * torch.arange(5.)).sum().backward()
print(x.grad, v.grad)
x.grad = None
v.grad = None
m = torch.ones(2, 3, requires_grad=True)
y = m.index_put((torch.tensor([0, 1]), torch.tensor([2, 0])), torch.tensor(5.))
print(y)
(y * 2).sum().backward()
print(m.grad)
