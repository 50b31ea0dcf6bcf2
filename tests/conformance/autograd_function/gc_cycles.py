# reference cycles through a custom Function: an output stored on its own ctx, a ctx stored on a tensor, a saved output; gc.collect frees them all (weakref to the outputs and the ctx)
import gc
import weakref

class Keep(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x * 2
        ctx.out = out
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        out, = ctx.saved_tensors
        return g * 2

x = torch.ones(3, requires_grad=True)
refs = []
for i in range(5):
    y = Keep.apply(x)
    refs.append((weakref.ref(y), weakref.ref(y.grad_fn)))
    y.fn = y.grad_fn
del y
gc.collect()
print([r() is None for pair in refs for r in pair])
y = Keep.apply(x)
y.sum().backward()
print(x.grad, y.grad_fn.out is y)
r = weakref.ref(y)
del y
gc.collect()
print(r() is None)

class Plain(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.exp()

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x.exp()

y = Plain.apply(x)
ctx_ref = weakref.ref(y.grad_fn)
del y
print(ctx_ref() is None)
fn = Plain.apply(x).grad_fn
print(fn.needs_input_grad)
fn.saved_tensors
del fn
gc.collect()
print(len([o for o in gc.get_objects() if type(o).__name__ in ("KeepBackward", "PlainBackward")]))
