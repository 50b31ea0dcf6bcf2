# nll_loss and max_pool2d (forward and backward) as structured kernels: the
# meta functions check shapes and say the outputs (nll_loss_forward's
# output and total_weight, max_pool2d's output and indices), so the losses
# and pools work on meta tensors, autograd included; the impls compute
import torch
import torch.nn.functional as F
M = dict(device="meta")
x = torch.empty(4, 5, **M)
t = torch.empty(4, dtype=torch.int64, **M)
img = torch.empty(2, 3, 8, 8, **M)
cases = [
 lambda: F.nll_loss(x, t),
 lambda: F.nll_loss(x, t, reduction="none"),
 lambda: F.nll_loss(x, t, weight=torch.empty(5, **M), reduction="sum"),
 lambda: F.nll_loss(x, t, weight=torch.empty(4, **M)),
 lambda: F.nll_loss(x, torch.empty(3, dtype=torch.int64, **M)),
 lambda: F.nll_loss(torch.empty(2, 3, 4, 5, 6, **M), t),
 lambda: torch.ops.aten.nll_loss_forward(x, t, None, 1, -100),
 lambda: torch.ops.aten.nll_loss_backward(torch.empty((), **M), x, t, None, 1, -100, torch.empty((), **M)),
 lambda: torch.ops.aten.nll_loss_backward(torch.empty(3, **M), x, t, None, 0, -100, torch.empty((), **M)),
 lambda: torch.ops.aten.nll_loss_backward(torch.empty((), **M), x, t, None, 1, -100, torch.empty(2, **M)),
 lambda: F.max_pool2d(img, 2),
 lambda: F.max_pool2d(img, 3, stride=2, padding=1, return_indices=True),
 lambda: F.max_pool2d(img[0], (2, 3), ceil_mode=True),
 lambda: F.max_pool2d(img, 2, padding=2),
 lambda: F.max_pool2d(torch.empty(2, 3, **M), 2),
 lambda: F.max_pool2d(torch.empty(1, 1, 8, 8, dtype=torch.int64, **M), 2),
 lambda: F.max_pool2d(torch.empty(1, 1, 8, 8, dtype=torch.int64), 2),
 lambda: torch.ops.aten.max_pool2d_with_indices_backward(torch.empty(2, 3, 4, 4, **M), img, [2], [2], [0], [1], False,
                                                         torch.empty(2, 3, 4, 4, dtype=torch.int64, **M)),
 lambda: torch.ops.aten.max_pool2d_with_indices_backward(torch.empty(2, 3, 4, 5, **M), img, [2], [2], [0], [1], False,
                                                         torch.empty(2, 3, 4, 4, dtype=torch.int64, **M)),
 lambda: torch.ops.aten.max_pool2d_with_indices.out(img, [2], [], [0], [1], False,
                                                    out=torch.empty(0, **M), indices=torch.empty(0, **M)),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
a = torch.empty(4, 5, **M).requires_grad_()
loss = F.nll_loss(F.log_softmax(a, 1), t)
print(loss, loss.grad_fn.name())
loss.backward()
print(a.grad)
b = torch.empty(1, 2, 6, 6, **M).requires_grad_()
y = F.max_pool2d(b, 2)
print(y.grad_fn.name())
y.sum().backward()
print(b.grad)
x = torch.arange(16.).reshape(1, 1, 4, 4)
o, i = torch.empty(2, 1, 2, 1).permute(3, 2, 1, 0), torch.empty(1, 1, 2, 2, dtype=torch.int64)
print(torch.ops.aten.max_pool2d_with_indices.out(x, [2], [], [0], [1], False, out=o, indices=i), o.stride())
out, tw = torch.empty(3), torch.empty(())
print(torch.ops.aten.nll_loss_forward.output(torch.log_softmax(torch.tensor([[1., 2.], [3., 1.]]), 1),
                                             torch.tensor([1, 0]), None, 1, -100, output=out, total_weight=tw), out.shape)
