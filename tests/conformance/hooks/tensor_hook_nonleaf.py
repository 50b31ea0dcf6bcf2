# Tensor.register_hook on a non-leaf: a pre-hook of its grad_fn for the
# gradient at its output_nr
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
z = y * y
y.register_hook(lambda g: print('y hook', g))
z.register_hook(lambda g: print('z hook', g))
z.sum().backward()
print(x.grad)
x.grad = None
y = x * 2
y.register_hook(lambda g: g * 0 + 1)
(y ** 3).sum().backward()
print(x.grad)
# multi-output nodes: each output's hook gets its own gradient; one with no
# gradient gets None
x = torch.tensor([1., 2.], requires_grad=True)
a, b = (x * 1).unbind()
b.register_hook(lambda g: print('b hook', g))
a.register_hook(lambda g: print('a hook', g))
a.backward()
print(x.grad)
x = torch.arange(6.).requires_grad_()
parts = x.split(2)
for i, p in enumerate(parts):
    p.register_hook(lambda g, i=i: print('part', i, g))
(parts[0] * 1 + parts[2] * 3).sum().backward()
print(x.grad)
# the hook dict goes into the grad_fn once: later hooks join it
x = torch.ones(2, requires_grad=True)
y = x + 1
print(y._backward_hooks)
y.register_hook(lambda g: print('first', g) or g * 2)
y.register_hook(lambda g: print('second', g) or g * 3)
print(list(y._backward_hooks.values()) == list(y._backward_hooks.values()), len(y._backward_hooks))
y.sum().backward()
print(x.grad)
