# scatter.src (ScatterBackward0), scatter.value (ScatterBackward1),
# scatter_add (ScatterAddBackward0) and gather (GatherBackward0), whose
# formulas call each other (issue 14)
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
src = torch.tensor([[10., 20., 30.], [40., 50., 60.]], requires_grad=True)
idx = torch.tensor([[0, 1, 0], [1, 0, 1]])
y = x.scatter(0, idx, src)
print(y)
print(y.grad_fn.name())
print([(f.name() if f is not None else None, i) for f, i in y.grad_fn.next_functions])
w = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
trace_on()
(y * w).sum().backward()
trace_off()
print(x.grad)
print(src.grad)
x.grad = None
y = x.scatter(1, torch.tensor([[2], [0]]), 7.)
print(y)
print(y.grad_fn.name())
print([(f.name(), i) for f, i in y.grad_fn.next_functions])
(y * w).sum().backward()
print(x.grad)
# only src requires grad; a smaller src and index
x.grad = None
z = torch.zeros(2, 3).scatter(1, torch.tensor([[1], [2]]), src)
print(z.grad_fn.name())
z.sum().backward()
print(src.grad)
# scatter_add: self's gradient is grad itself
x.grad = None
src.grad = None
y = torch.scatter_add(x, 1, torch.tensor([[0, 0, 2], [1, 1, 1]]), src)
print(y)
print(y.grad_fn.name())
(y * w).sum().backward()
print(x.grad)
print(src.grad)
# gather: the gradient sums where the index repeats
x.grad = None
y = x.gather(1, torch.tensor([[0, 0], [2, 1]]))
print(y)
print(y.grad_fn.name())
print([(f.name(), i) for f, i in y.grad_fn.next_functions])
trace_on()
y.sum().backward()
trace_off()
print(x.grad)
# the gradient of the gradient: gather's is scatter_add's
x.grad = None
g, = torch.autograd.grad((x.gather(0, idx) ** 2).sum(), x, create_graph=True)
print(g)
print(g.grad_fn.name())
g.sum().backward()
print(x.grad)
src.grad = None
g, = torch.autograd.grad((x.scatter(0, idx, src) * src).sum(), src, create_graph=True)
print(g)
print(g.grad_fn.name())
