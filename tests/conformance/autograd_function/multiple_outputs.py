# several outputs: one node, output_nr per output, gradients of the unused outputs materialized as zeros, non-tensor outputs passed through (their gradient is None), a list returned as one non-tensor output
class SumProd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a + b, a * b, "tag", 7

    @staticmethod
    def backward(ctx, gs, gp, gtag, g7):
        print("backward", gs, gp, gtag, g7)
        a, b = ctx.saved_tensors
        return gs + gp * b, gs + gp * a

a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
s, p, tag, seven = SumProd.apply(a, b)
print(s, p, tag, seven, s.grad_fn is p.grad_fn, s.output_nr, p.output_nr)
s.sum().backward(retain_graph=True)
print(a.grad, b.grad)
p.sum().backward(retain_graph=True)
print(a.grad, b.grad)
torch.autograd.backward([s.sum(), p.sum()])
print(a.grad, b.grad)
out = SumProd.apply(a, b)
print(type(out).__name__, len(out))

class AsList(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return [a * 2]

    @staticmethod
    def backward(ctx, g):
        return g

r = AsList.apply(a)
print(type(r).__name__, r[0].requires_grad, r[0].grad_fn)

class Scalar(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return 3

    @staticmethod
    def backward(ctx, g):
        return g

print(Scalar.apply(a))

class Half(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a.clone(), (a > 1)

    @staticmethod
    def backward(ctx, g, gmask):
        print("gmask", gmask)
        return g

v, m = Half.apply(a)
print(v.requires_grad, m.requires_grad, m.grad_fn)
v.sum().backward()
print(a.grad)
