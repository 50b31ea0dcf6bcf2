# sum, mean and cumsum with dtype=: the gradient is in the input's dtype (issue 14)
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
s = x.sum(dtype=torch.float64)
print(s.grad_fn.name(), s.dtype)
s.backward()
print(x.grad)
x.grad = None
s = x.sum(1, dtype=torch.float64)
(s * torch.tensor([1., 2.], dtype=torch.float64)).sum().backward()
print(x.grad)
x.grad = None
m = x.mean(dtype=torch.float64)
m.backward()
print(x.grad)
x.grad = None
c = x.cumsum(0, dtype=torch.float64)
print(c.grad_fn.name(), c.dtype)
c.sum().backward()
print(x.grad)
x.grad = None
s = x.sum((0, 1), keepdim=True)
print(s.shape)
s.backward(torch.tensor([[3.]]))
print(x.grad)
x.grad = None
s = x.sum([])
print(s.grad_fn.name(), s.shape)
s.backward()
print(x.grad)
