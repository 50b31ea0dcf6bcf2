# mark_non_differentiable: outputs without history (a mask, sort's indices), zeros given to backward for them, an input marked non-differentiable returned detached
class MyClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lo):
        mask = x > lo
        out = x.clamp(min=lo)
        ctx.mark_non_differentiable(mask)
        ctx.save_for_backward(mask)
        return out, mask

    @staticmethod
    def backward(ctx, grad_out, grad_mask):
        print("grad_mask", grad_mask)
        mask, = ctx.saved_tensors
        return grad_out * mask, None

x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
out, mask = MyClamp.apply(x, 0.)
print(out, mask, out.requires_grad, mask.requires_grad, mask.grad_fn, mask.is_leaf)
out.sum().backward()
print(x.grad)

class Max(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.max(1)
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return values, idx

    @staticmethod
    def backward(ctx, g1, g2):
        print("g2", g2, g2.dtype)
        x, idx = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        for row in range(x.shape[0]):
            grad_input[row, idx[row]] = g1[row]
        return grad_input

x = torch.tensor([[3., 1., 2.], [0., 5., 4.]], requires_grad=True)
v, i = Max.apply(x)
print(v, i, v.grad_fn.name(), i.requires_grad)
(v * torch.tensor([1., 10.])).sum().backward()
print(x.grad)

class Both(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x * 2
        ctx.mark_non_differentiable(y, x)
        return y, x

    @staticmethod
    def backward(ctx, g1, g2):
        return g1

y, same = Both.apply(x)
print(y.requires_grad, y.grad_fn, same is x, same.requires_grad, same._is_view(), same.grad_fn)
y.sum().backward()

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable(1)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g

Bad.apply(x)
