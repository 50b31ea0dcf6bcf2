# what a custom Function returns that aliases its input: the input itself becomes a view of it with the node as grad_fn (a new object), a view it makes keeps its base; writing either in place is forbidden, and so is writing one of several views
class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 3

a = torch.tensor([1., 2.], requires_grad=True)
y = Ident.apply(a)
print(y is a, y._is_view(), y._base is a, y.grad_fn.name(), y.requires_grad, y.is_leaf)
y.sum().backward()
print(a.grad)
y.add_(1)
t = torch.ones(2)
r = Ident.apply(t)
print(r is t, r._is_view(), r._base is t, r.requires_grad)
r.add_(1)
print(t)
with torch.no_grad():
    r = Ident.apply(a)
print(r is a, r._is_view(), r.requires_grad)

class First(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x[:1]

    @staticmethod
    def backward(ctx, g):
        return torch.cat([g, torch.zeros(1)])

v = First.apply(a)
print(v._is_view(), v._base is a, v.grad_fn.name())
v.mul_(2)

class Halves(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x[:1], x[1:]

    @staticmethod
    def backward(ctx, g, h):
        return torch.cat([g, h])

p, q = Halves.apply(a)
print(p.grad_fn is q.grad_fn, p.output_nr, q.output_nr)
p.add_(1)
b = a.clone()
p, q = Halves.apply(b)
with torch.no_grad():
    q.mul_(2)
print(b)
