# ctx.needs_input_grad: one bool per forward argument (False for non-tensors), the same in forward and backward; a call records a node only if grad mode is on and a tensor argument requires grad
class Probe(torch.autograd.Function):
    @staticmethod
    def forward(ctx, *args):
        print("forward", ctx.needs_input_grad, torch.is_grad_enabled(), ctx.saved_tensors)
        return args[0] * 1

    @staticmethod
    def backward(ctx, g):
        print("backward", ctx.needs_input_grad, torch.is_grad_enabled())
        return (g,) + (None,) * (len(ctx.needs_input_grad) - 1)

x = torch.ones(2, requires_grad=True)
c = torch.ones(2)
y = Probe.apply(x, c, 3, "s", None, [x])
print(y.requires_grad, len(y.grad_fn.next_functions), [(f.name() if f else None, n) for f, n in y.grad_fn.next_functions])
y.sum().backward()
print(x.grad)
y = Probe.apply(c, x)
print(y.requires_grad, y.grad_fn.needs_input_grad)
y.sum().backward()
print(x.grad)
y = Probe.apply(c, c)
print(y.requires_grad, y.grad_fn)
with torch.no_grad():
    y = Probe.apply(x)
print(y.requires_grad, y.grad_fn)
y = Probe.apply(x.detach(), x[0])
print(y.requires_grad, y.grad_fn.needs_input_grad, [(f.name() if f else None, n) for f, n in y.grad_fn.next_functions])
n = torch.tensor([1, 2])
y = Probe.apply(n, x)
print(y.dtype, y.requires_grad, y.grad_fn)
