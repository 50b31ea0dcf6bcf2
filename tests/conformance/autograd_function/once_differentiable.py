# @once_differentiable: the backward runs with grad mode off; in a double backward its results lead to an Error node, which fails when reached
from torch.autograd.function import once_differentiable

class SqO(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        print("backward: grad mode", torch.is_grad_enabled())
        return 2 * x * g

print(SqO.backward.__name__)
x = torch.tensor([1., 3.], requires_grad=True)
y = SqO.apply(x)
y.sum().backward()
print(x.grad)
g, = torch.autograd.grad(SqO.apply(x).sum(), x, create_graph=True)
print(g, g.requires_grad, g.grad_fn)
v = torch.ones(2, requires_grad=True)
h, = torch.autograd.grad(SqO.apply(x * 1), x, v, create_graph=True)
print(h, h.grad_fn.name(), [(f.name() if f else None, n) for f, n in h.grad_fn.next_functions])
err = h.grad_fn.next_functions[0][0]
print(type(err).__name__, err.name(), [(f.name(), n) for f, n in err.next_functions])
h.sum().backward()
w = SqO.apply(x) * 1
w3, = torch.autograd.grad(w, x, v, create_graph=True)
print(w3.grad_fn.name(), [(f.name(), n) for f, n in w3.grad_fn.next_functions])
w3.sum().backward()
print(torch.autograd.grad(w3.sum(), v))
