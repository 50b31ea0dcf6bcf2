# hooks and in-place: the hooks dict stays on the grad_fn it was registered
# on; a tensor written in place has a new grad_fn, which its old hooks do
# not follow (later hooks join the old dict); retain_grad moves
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.register_hook(lambda g: print('before write', g))
y.retain_grad()
y.mul_(3)
y.register_hook(lambda g: print('registered after write', g))
print(y.grad_fn.name(), len(y._backward_hooks))
(y * 5).sum().backward()
print(y.grad, x.grad)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.mul_(3)
y.register_hook(lambda g: print('first hook after write', g))
(y * 5).sum().backward()
print(x.grad)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x.exp()
y.register_hook(lambda g: g * 0)
y.add_(1)
y.sum().backward()
print(x.grad)
