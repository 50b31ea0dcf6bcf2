# A lazy tensor is a functional tensor around the lazy one (Note [Lazy
# Tensor Functionalization]).  The lazy tensor inside, which
# torch._from_functional_tensor returns, has no view kernels: a view of it
# reaches the Lazy backend fallback, which refuses it (views made by a
# CompositeExplicitAutograd kernel, select or t, name the as_strided they
# reach); its in-place views (t_, unsqueeze_) run through the fallback's
# as_strided_ and take a new value with row-major strides; detach shares
# its value.
import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
r = torch._from_functional_tensor(a)
print(torch._C._dispatch_keys(a), torch._C._dispatch_keys(r))
calls = [
    ("view", lambda: r.view(3, 2)),
    ("view, bad shape", lambda: r.view(4, 2)),
    ("select", lambda: r[1]),
    ("slice", lambda: r[:, 1:]),
    ("expand", lambda: r.expand(2, 2, 3)),
    ("t", lambda: r.t()),
    ("unsqueeze", lambda: r.unsqueeze(0)),
    ("unbind", lambda: r.unbind(0)),
    ("diagonal", lambda: r.diagonal()),
    ("as_strided", lambda: r.as_strided((2,), (1,))),
    ("_reshape_alias", lambda: torch.ops.aten._reshape_alias(r, [3, 2], [2, 1])),
    ("reshape", lambda: r.reshape(6)),
    ("contiguous", lambda: r.contiguous()),
    ("_unsafe_view", lambda: torch.ops.aten._unsafe_view(r, [6])),
    ("sum", lambda: r.sum(0)),
]
for name, call in calls:
    try:
        x = call()
        print(name, tuple(x.shape), x.stride(), torch._C._dispatch_keys(x))
    except Exception as e:
        print(name, type(e).__name__, e)
for name, call in [("t_", lambda x: x.t_()), ("transpose_", lambda x: x.transpose_(0, 1)),
                   ("unsqueeze_", lambda x: x.unsqueeze_(0)), ("squeeze_", lambda x: x.squeeze_()),
                   ("squeeze_ dim", lambda x: x.unsqueeze_(1).squeeze_(1))]:
    x = r.clone()
    y = call(x)
    print(name, y is x, tuple(x.shape), x.stride(), x.cpu())
d = r.detach()
d.add_(1)
print(r.cpu(), d.cpu())
w = r.clone()
w.resize_(4)
print(w.shape, w.cpu())
