# the tutorial's custom exp: forward saves its output, backward reads it back; the grad_fn is the ctx (ExpBackward, torch.autograd.function), its next_functions, saved_tensors, and what is left once the graph is freed
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result

x = torch.tensor([0., 1., 2.], requires_grad=True)
y = Exp.apply(x)
print(y)
print(type(y.grad_fn).__name__, type(y.grad_fn).__module__, y.grad_fn.name(), y.grad_fn is y.grad_fn)
print([c.__name__ for c in type(y.grad_fn).__mro__])
print(Exp._backward_cls.__name__, Exp._backward_cls._forward_cls is Exp, isinstance(y.grad_fn, torch.autograd.function.BackwardCFunction))
print([(f.name(), n) for f, n in y.grad_fn.next_functions], y.grad_fn.next_functions[0][0].variable is x)
print(y.grad_fn.requires_grad, y.grad_fn.needs_input_grad, y.grad_fn.to_save, y.grad_fn.metadata)
s, = y.grad_fn.saved_tensors
print(s, s.grad_fn.name(), s._version, bool((s == y).all()), s is y)
y.backward(torch.ones(3), retain_graph=True)
print(x.grad)
y.backward(torch.ones(3))
print(x.grad)
y.grad_fn.saved_tensors
y.backward(torch.ones(3))
z = Exp.apply(x * 2).sum()
print(z, z.grad_fn.name(), z.grad_fn.next_functions[0][0].name(), [f.name() for f, _ in z.grad_fn.next_functions[0][0].next_functions])
print(torch.autograd.grad(z, x))
w = Exp.apply(torch.ones(2))
print(w, w.requires_grad, w.grad_fn)
with torch.no_grad():
    w = Exp.apply(x)
print(w.requires_grad, w.grad_fn)
fn = Exp.apply(x).grad_fn
print(fn.needs_input_grad)
fn.next_functions
fn.name()
fn.saved_tensors
fn.metadata
