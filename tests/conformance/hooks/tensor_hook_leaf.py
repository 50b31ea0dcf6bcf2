# Tensor.register_hook on a leaf: AccumulateGrad calls the leaf's hooks on
# the gradient it is about to accumulate; a hook's return replaces it
x = torch.tensor([1., 2., 3.], requires_grad=True)
seen = []
h1 = x.register_hook(lambda g: seen.append(g.clone()))
h2 = x.register_hook(lambda g: g * 10)
print(type(h1).__name__, h2.id - h1.id)
(x * x).sum().backward()
print(seen, x.grad)
h2.remove()
(x * x).sum().backward()
print(seen, x.grad)
h2.remove()
h1.remove()
print(x._backward_hooks)
(x * 2).sum().backward()
print(len(seen), x.grad)
# a leaf used twice: its hook sees the sum, once
x = torch.tensor([1., 2.], requires_grad=True)
x.register_hook(lambda g: print('leaf hook', g))
(x * x + x).sum().backward()
print(x.grad)
# the hook's argument: shape, dtype, and not a leaf's own .grad
x = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
x.register_hook(lambda g: print(g.shape, g.dtype, g.requires_grad, g is x.grad))
x.sum().backward()
