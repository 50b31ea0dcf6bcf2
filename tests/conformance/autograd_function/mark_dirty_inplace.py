# an in-place forward with ctx.mark_dirty: the input is returned as itself, its version bumped, its history rebased onto the custom node; the 1.13 errors (a leaf, a dirty tensor not returned, a view with several outputs) and the warning for a non-input
import warnings

class MulTwo_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2

a = torch.tensor([1., 2.], requires_grad=True)
b = a.clone()
print(b._version, b.grad_fn.name())
c = MulTwo_.apply(b)
print(c is b, b._version, b.grad_fn.name(), [(f.name(), n) for f, n in b.grad_fn.next_functions], b)
c.sum().backward()
print(a.grad)
MulTwo_.apply(a)
print(a, a._version)
d = torch.ones(2)
print(MulTwo_.apply(d), d._version, d.requires_grad)

class SaveThenDirty(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        ctx.save_for_backward(x)
        return x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x

b = a.clone()
e = SaveThenDirty.apply(b)
print(e, e.grad_fn.name(), e.grad_fn.saved_tensors[0].grad_fn.name())
a.grad = None
e.sum().backward()
print(a.grad)

a.grad = None
b = a * 1
f = b * b
MulTwo_.apply(b)
f.sum().backward()

class NotReturned(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g

NotReturned.apply(a.clone())

class NotInput(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x * 2
        ctx.mark_dirty(y)
        return y

    @staticmethod
    def backward(ctx, g):
        return g

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = NotInput.apply(a.clone())
    print(r.grad_fn.name(), [str(m.message) for m in w])

class Dirty3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_dirty(3)
        return x

    @staticmethod
    def backward(ctx, g):
        return g

Dirty3.apply(a.clone())

class ViewTwo(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x, x * 3

    @staticmethod
    def backward(ctx, g, g2):
        return g

base = a.clone()
ViewTwo.apply(base[:1])
base = a.clone()
v = base[:1]
r = MulTwo_.apply(v)
print(r is v, r.grad_fn.name(), base.grad_fn.name(), base._version, base)
a.grad = None
base.sum().backward()
print(a.grad)
