# prod with zeros, mean and sum over dim lists and negative dims (issue 14)
x = torch.tensor([[2., 0., 3.], [4., 5., 6.]], requires_grad=True)
x.prod().backward()
print(x.grad)
x.grad = None
x.prod(1).sum().backward()
print(x.grad)
x.grad = None
z = torch.tensor([[0., 0., 3.], [1., 2., 0.]], requires_grad=True)
z.prod().backward()
print(z.grad)
z.grad = None
z.prod(1, keepdim=True).sum().backward()
print(z.grad)
z.grad = None
z.prod(0).sum().backward()
print(z.grad)
y = torch.arange(24., requires_grad=True)
t = y.view(2, 3, 4)
s = t.mean((0, 2))
print(s.grad_fn.name(), s)
s.sum().backward()
print(y.grad.view(2, 3, 4)[1])
y.grad = None
t.sum(-1).sum(-1).backward(torch.tensor([1., 2.]))
print(y.grad.view(2, 3, 4)[:, 0])
y.grad = None
t.mean(-2, keepdim=True).sum().backward()
print(y.grad[:4])
