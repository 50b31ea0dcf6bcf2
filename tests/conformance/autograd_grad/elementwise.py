# gradients of the elementwise operators (issue 14)
# NB(minaten): clamp's and rsub's node names are not printed: 1.13 numbers them
# ClampBackward1 and RsubBackward1 after clamp.Tensor and rsub.Tensor, which
# minaten does not have yet
x = torch.tensor([0.5, 1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
print('exp', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.log()
print('log', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.sqrt()
print('sqrt', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.rsqrt()
print('rsqrt', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.sin()
print('sin', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.cos()
print('cos', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.tanh()
print('tanh', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.sigmoid()
print('sigmoid', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = (x - 1).relu()
print('relu', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = (x - 1).abs()
print('abs', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.neg()
print('neg', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.reciprocal()
print('reciprocal', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.floor()
print('floor', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * x
print('mul', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x / (x + 1)
print('div', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x - 2 * x
print('sub', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.pow(3)
print('pow', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.pow(x)
print('powt', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.clamp(1, 2)
print('clamp')
y.sum().backward()
print(x.grad)
x.grad = None
y = 1 - x
print('rsub')
y.sum().backward()
print(x.grad)
x.grad = None
y = torch.maximum(x, torch.tensor([1., 1., 3., 3.]))
print('maximum', y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
