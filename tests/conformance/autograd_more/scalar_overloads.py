# gradients of the Scalar overloads reached through torch.ops (issue 14)
x = torch.tensor([1., -2., 4.], requires_grad=True)
z = torch.ops.aten.mul.Scalar(x, 3)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.aten.div.Scalar(x, 4)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = x * 3
print(z.grad_fn.name())
z = 3 / x
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.aten.mul.Scalar(x, True)
z.sum().backward()
print(x.grad)
