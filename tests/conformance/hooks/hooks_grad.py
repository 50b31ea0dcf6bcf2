# torch.autograd.grad: a leaf's hooks do not run (its AccumulateGrad does
# not), nor those of a tensor whose gradient is captured (its node is not
# run); hooks of the nodes on the way do
x = torch.tensor([1., 2.], requires_grad=True)
x.register_hook(lambda g: print('leaf hook', g) or g * 100)
y = x * 2
y.register_hook(lambda g: print('y hook', g) or g * 100)
z = y * 3
print(torch.autograd.grad(z.sum(), [x], retain_graph=True))
print(torch.autograd.grad(z.sum(), [y], retain_graph=True))
print(torch.autograd.grad(z.sum(), [x, y]))
print(x.grad)
# create_graph: a hook's result is part of the graph
x = torch.tensor([1., 2.], requires_grad=True)
y = x ** 2
y.register_hook(lambda g: g * x)
(gx,) = torch.autograd.grad(y.sum(), x, create_graph=True)
print(gx, gx.grad_fn is not None)
gx.sum().backward()
print(x.grad)
