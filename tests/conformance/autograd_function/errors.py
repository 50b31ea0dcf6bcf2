# 1.13's errors around a custom Function: gradients of the wrong shape (and a dtype cast that is allowed), an exception raised in backward passing through the engine, save_for_backward of a non-tensor, a saved tensor modified in place, calling forward or an instance wrongly, missing forward/backward, backward twice
class WrongShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(3)

a = torch.tensor([1., 2.], requires_grad=True)
WrongShape.apply(a).sum().backward()

class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g.double() * 3

Double.apply(a).sum().backward()
print(a.grad, a.grad.dtype)

class Raises(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        raise ValueError("boom in backward")

Raises.apply(a).sum().backward()
try:
    torch.autograd.grad(Raises.apply(a).sum(), a)
except ValueError as e:
    print("caught", type(e).__name__, e)

class SaveInt(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a, 3)
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g

SaveInt.apply(a)
with torch.no_grad():
    print(SaveInt.apply(a))

class SaveInput(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * 2

    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return g * a

c = a.clone()
out = SaveInput.apply(c)
c.add_(1)
out.sum().backward()
out = SaveInput.apply(a)
with torch.no_grad():
    a.mul_(1)
out.sum().backward()
out = SaveInput.apply(a)
out.sum().backward()
out.sum().backward()
SaveInput.forward(None, a)
SaveInput()(a)
torch.autograd.Function.apply(a)

class NoBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

NoBackward.apply(a).sum().backward()

class NoForward(torch.autograd.Function):
    pass

NoForward.apply(a)

class Both(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g

    @staticmethod
    def vjp(ctx, g):
        return g

Both.apply(a).sum().backward()

class VjpOnly(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def vjp(ctx, g):
        return g * 5

a.grad = None
VjpOnly.apply(a).sum().backward()
print(a.grad)
print(torch._C._FunctionBase().needs_input_grad, torch._C._FunctionBase().saved_tensors)
torch._C._FunctionBase().name()
