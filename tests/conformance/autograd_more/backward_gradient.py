# backward(gradient=...): shapes that match, other dtypes cast to the output's, the errors for shape and count (issue 14)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.backward(torch.tensor([1., 0., 2.]))
print(x.grad)
x.grad = None
m = torch.ones(2, 3, requires_grad=True)
n = m * 3
n.backward(torch.arange(6.).reshape(2, 3))
print(m.grad)
s = x.sum() * 2
s.backward(torch.tensor(3.))
print(x.grad)
y = x * 2
y.backward(torch.ones(2))
y.backward(torch.ones(1, 3))
y.backward(torch.ones(3, 1))
y.backward(torch.tensor(1.))
y.backward()
y.backward(torch.ones(3, dtype=torch.float64))
print(x.grad)
x.grad = None
y = x * 2
y.backward(torch.ones(3, dtype=torch.long))
print(x.grad)
x.grad = None
y = x * 2
y.backward(torch.tensor([True, False, True]))
print(x.grad, x.grad.dtype)
x.grad = None
y = x * 2
y.backward(torch.ones(3, dtype=torch.float64))
print(x.grad.dtype)
x.grad = None
y = x * 2
torch.autograd.backward([y, x.sum()], [torch.ones(3), torch.tensor(2.)])
print(x.grad)
x.grad = None
torch.autograd.backward([x * 2, x * 3], [torch.ones(3)])
t = torch.ones(1, 1, requires_grad=True)
u = t * 5
u.backward()
print(t.grad)
