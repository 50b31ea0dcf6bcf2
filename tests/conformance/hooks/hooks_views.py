# hooks on views: a view's hook sits on the view's grad_fn; writing the view
# in place gives base and view new grad_fns (CopySlices, AsStridedBackward0)
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
y = x * 1
v = y[:2]
v.register_hook(lambda g: print('view hook', g))
y.register_hook(lambda g: print('base hook', g))
(v * 3).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y[:2]
v.register_hook(lambda g: print('view hook (written later)', g))
y.register_hook(lambda g: print('base hook', g))
v.mul_(10)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y[1:3]
v.mul_(10)
print(v.grad_fn.name(), y.grad_fn.name())
v.register_hook(lambda g: print('hook after write', g))
(v * 2).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y.view(2, 2)
v.register_hook(lambda g: print('2x2 view', g.shape) or g * 2)
v.sum().backward()
print(x.grad)
x.grad = None
t = x.t() if x.dim() == 2 else x.unsqueeze(0)
t.register_hook(lambda g: print('unsqueezed', g.shape))
t.sum().backward()
print(x.grad)
