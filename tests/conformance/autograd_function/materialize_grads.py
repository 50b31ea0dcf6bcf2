# ctx.set_materialize_grads: by default an output no gradient reached gives backward zeros of its shape and dtype; with False, None; and the setter's type check
class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, materialize):
        ctx.set_materialize_grads(materialize)
        return x.clone(), x.double() * 2

    @staticmethod
    def backward(ctx, g1, g2):
        print("backward", g1, g2)
        out = torch.zeros(2)
        if g1 is not None:
            out = out + g1
        if g2 is not None:
            out = out + g2.float()
        return out, None

x = torch.tensor([1., 2.], requires_grad=True)
a, b = Split.apply(x, True)
a.sum().backward()
b.sum().backward()
print(x.grad)
a, b = Split.apply(x, False)
a.sum().backward()
b.sum().backward()
torch.autograd.backward([a.sum(), b.sum()])
print(x.grad)

class BadSetter(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(1)
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g

BadSetter.apply(x)
