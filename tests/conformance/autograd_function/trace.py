# the operators a custom Function runs, seen by the trace: the forward's (grad mode off), saving an output (a detach), an input returned as-is (a view), and the backward's, run by the engine after the nodes made later in the forward
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        out = x * y + 1
        ctx.save_for_backward(x, y, out)
        return out

    @staticmethod
    def backward(ctx, g):
        x, y, out = ctx.saved_tensors
        return g * y, g * x

x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
trace_on()
z = MulAdd.apply(x, y)
w = (z * 2).sum()
w.backward()
trace_off()
print(x.grad, y.grad)

class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g

trace_on()
r = Ident.apply(x)
r.sum().backward()
trace_off()
print(r._is_view(), r._base is x, r.grad_fn.name())

class Inner(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.exp()

    @staticmethod
    def backward(ctx, g):
        return g.neg()

trace_on()
a = x * 3
b = Inner.apply(x)
(a + b).sum().backward()
trace_off()
