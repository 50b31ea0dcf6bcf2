# what backward may return: None for an input (no gradient sent), extra Nones past the inputs, a gradient for a non-tensor argument only as None; the incorrect-number and wrong-type errors
class Sel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        return a * k + b

    @staticmethod
    def backward(ctx, g):
        return g * 2, None, None, None, None

a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
y = Sel.apply(a, b, 2)
y.sum().backward()
print(a.grad, b.grad)

class Sel2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, g):
        return g, g

c = torch.tensor([5., 6.])
a.grad = None
Sel2.apply(a, c).sum().backward()
print(a.grad, c.grad)

class TooFew(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, g):
        return g

TooFew.apply(a, b).sum().backward()

class TooMany(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, g):
        return g, g, g

TooMany.apply(a, b).sum().backward()

class GradForInt(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, g):
        return g, g

GradForInt.apply(a, 3).sum().backward()

class NotATensor(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return 3

NotATensor.apply(a).sum().backward()

class ReturnsList(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return [g]

ReturnsList.apply(a).sum().backward()

class AllNone(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, g):
        return None, None

a.grad = None
b.grad = None
AllNone.apply(a, b).sum().backward()
print(a.grad, b.grad)
print(torch.autograd.grad(AllNone.apply(a, b).sum(), [a], allow_unused=True))
