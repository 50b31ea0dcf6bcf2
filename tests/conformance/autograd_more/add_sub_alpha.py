# gradients of add and sub with alpha, Tensor and Scalar overloads (issue 14)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([4., 5., 6.], requires_grad=True)
z = torch.add(x, y, alpha=3)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.sub(x, y, alpha=2)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.ops.aten.add.Scalar(x, 2.5, 4)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.aten.sub.Scalar(x, 2.5, 4)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = x + 1
print(z.grad_fn.name())
z = x - 1
print(z.grad_fn.name())
z = x.add(y, alpha=-1)
(z * y).sum().backward()
print(x.grad, y.grad)
