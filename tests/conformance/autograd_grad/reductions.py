# gradients of the reductions (issue 14)
x = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
y = x.sum()
print('sum', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.sum(0)
print('sum0', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.mean()
print('mean', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.mean(1, keepdim=True)
print('mean1', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.prod()
print('prod', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.prod(1)
print('prod1', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.max()
print('max', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.min()
print('min', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.amax(1)
print('amax', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.max(1)[0]
print('maxdim', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.cumsum(1)
print('cumsum', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
