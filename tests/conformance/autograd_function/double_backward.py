# a backward written with differentiable operators: with create_graph=True it builds a graph of its own (grad mode on inside backward), which a second backward goes through; the saved input unpacked in backward keeps its history
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        print("backward: grad mode", torch.is_grad_enabled(), "x requires grad", x.requires_grad)
        return 3 * x ** 2 * g

x = torch.tensor([1., 2., -1.], requires_grad=True)
y = Cube.apply(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name(), [(f.name() if f else None, n) for f, n in g.grad_fn.next_functions])
gg, = torch.autograd.grad(g.sum(), x, create_graph=True)
print(gg, gg.grad_fn.name())
ggg, = torch.autograd.grad(gg.sum(), x)
print(ggg)
y = Cube.apply(x)
g, = torch.autograd.grad(y.sum(), x)
print(g, g.requires_grad)

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return Cube.apply(x) * 0 + 2 * x * g

y = Square.apply(x * 1)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name())
x.grad = None
g.sum().backward()
print(x.grad)
v = torch.tensor([1., 1., 1.], requires_grad=True)
y = Square.apply(x)
g, = torch.autograd.grad(y, x, v, create_graph=True)
print(torch.autograd.grad(g.sum(), [x, v]))
