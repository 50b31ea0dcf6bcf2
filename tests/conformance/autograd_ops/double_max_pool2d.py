# max_pool2d's double backward (issue 34): max_pool2d_with_indices_backward is differentiable, its
# gradient for grad_output max_pool_double_backward(grad, indices, 2) (view, view, gather, view)
# and for self zeros_like(self) (at::zeros of the saved TypeAndSize); the node
# MaxPool2DWithIndicesBackwardBackward0 saving indices; values, traces, unbatched, a
# non-contiguous grad (contiguous: clone), double, the third derivative, the errors.
import torch.nn.functional as F
x = (torch.arange(50.).reshape(1, 2, 5, 5) * 7 % 11) - 5
xx = x.clone().requires_grad_()
w = torch.arange(8.).reshape(1, 2, 2, 2).requires_grad_()
y = F.max_pool2d(xx, 2)
g, = torch.autograd.grad((y * y * w).sum(), xx, create_graph=True)
show(g)
print(g.grad_fn.name(), g.grad_fn._saved_indices.tolist())
print([n for n in dir(g.grad_fn) if n.startswith('_saved')])
print([(f.name() if f is not None else None, i) for f, i in g.grad_fn.next_functions])
trace_on()
(g * g).sum().backward()
trace_off()
show(xx.grad); show(w.grad)
# overlapping windows, padding, dilation, ceil_mode; unbatched; double
for args in ((3, 1, 1), (2, 1, 0, 2, True), (3, 2, 1, 1, True)):
    xx = x.clone().requires_grad_()
    y = F.max_pool2d(xx, *args)
    g, = torch.autograd.grad((y * y).sum(), xx, create_graph=True)
    h, = torch.autograd.grad((g * torch.arange(50.).reshape(1, 2, 5, 5)).sum(), xx)
    show(g); show(h)
xx = x[0].double().requires_grad_()
y = F.max_pool2d(xx, 2, 1)
g, = torch.autograd.grad((y * y * y).sum(), xx, create_graph=True)
print(g.grad_fn.name())
trace_on(); h, = torch.autograd.grad(g.sum(), xx); trace_off()
show(h)
# a non-contiguous grad reaches max_pool_double_backward: grad.contiguous() clones
xx = x.clone().requires_grad_()
y = F.max_pool2d(xx, 2)
g, = torch.autograd.grad(y.sum(), xx, create_graph=True)
v = torch.arange(50.).reshape(1, 2, 5, 5).transpose(2, 3).requires_grad_()
trace_on(); (g * v).sum().backward(); trace_off()
show(v.grad)
# max_pool2d_with_indices_backward called directly: both differentiable inputs
r = F.max_pool2d(x, 2, return_indices=True)
go = torch.arange(1., 9.).reshape(1, 2, 2, 2).requires_grad_()
s = x.clone().requires_grad_()
gi = torch.ops.aten.max_pool2d_with_indices_backward(go, s, [2, 2], [2, 2], [0, 0], [1, 1], False, r[1])
print(gi.grad_fn.name(), [(f.name() if f is not None else None, i) for f, i in gi.grad_fn.next_functions])
trace_on(); (gi * torch.arange(50.).reshape(1, 2, 5, 5)).sum().backward(); trace_off()
show(go.grad); show(s.grad)
# the third derivative: gather's backward
xx = x.clone().requires_grad_()
y = F.max_pool2d(xx, 2)
g, = torch.autograd.grad((y * y).sum(), xx, create_graph=True)
h, = torch.autograd.grad((g * g).sum(), xx, create_graph=True)
print(h.grad_fn.name() if h.grad_fn is not None else None)
t, = torch.autograd.grad(h.sum(), xx, allow_unused=True)
show(t)
# an empty batch
xx = torch.ones(0, 2, 4, 4, requires_grad=True)
g, = torch.autograd.grad((F.max_pool2d(xx, 2) * 2).sum(), xx, create_graph=True)
show(g)
trace_on(); h, = torch.autograd.grad(g.sum(), xx, allow_unused=True); trace_off()
show(h)
# a freed graph
xx = x.clone().requires_grad_()
g, = torch.autograd.grad((F.max_pool2d(xx, 2) ** 2).sum(), xx, create_graph=True)
g.sum().backward()
g.grad_fn._saved_indices
