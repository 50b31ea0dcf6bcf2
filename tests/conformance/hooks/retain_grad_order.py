# retain_grad's hook runs in its place among the tensor's hooks: after the
# hooks registered before it (their result is retained), before the ones
# registered later?  1.13: the hooks dict is one pre-hook, placed at the
# first register_hook; retain_grad's is placed at retain_grad()
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.register_hook(lambda g: g * 10)
y.retain_grad()
y.register_hook(lambda g: print('later hook', g) or g + 1)
y.sum().backward()
print(y.grad, x.grad)
x.grad = None
y = x * 2
y.retain_grad()
y.register_hook(lambda g: g * 10)
y.sum().backward()
print(y.grad, x.grad)
# retain_grad twice, and on a leaf (nothing to do)
x.grad = None
y = x * 2
y.retain_grad()
y.retain_grad()
x.retain_grad()
y.register_hook(lambda g: g * 2)
y.sum().backward(retain_graph=True)
print(y.grad, x.grad, y.retains_grad, x.retains_grad)
y.sum().backward()
print(y.grad, x.grad)
