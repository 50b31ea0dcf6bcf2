# div with rounding modes: the gradient is zero except for rounding_mode=None (issue 14)
x = torch.tensor([1.5, -2.5, 7.], requires_grad=True)
y = torch.tensor([2., 2., -3.], requires_grad=True)
z = torch.div(x, y, rounding_mode='trunc')
print(z.grad_fn.name())
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.div(x, y, rounding_mode='floor')
print(z.grad_fn.name(), z)
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.div(x, y, rounding_mode=None)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad, y.grad)
x.grad = None
y.grad = None
z = torch.div(x, 2, rounding_mode='floor')
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.aten.div.Scalar_mode(x, 2, rounding_mode='trunc')
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.aten.div.Scalar_mode(x, 2, rounding_mode=None)
z.sum().backward()
print(x.grad)
