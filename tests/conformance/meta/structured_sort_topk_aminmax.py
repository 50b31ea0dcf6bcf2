# sort (stable), topk and aminmax as structured kernels of two outputs: the
# meta functions check their arguments and say both outputs (sort's dense
# in self's order, topk's and aminmax's contiguous), so they work on meta
# tensors; the impls write both outputs, out= ones through their strides
import torch
M = dict(device="meta")
x = torch.empty(2, 3, 4, **M)
cases = [
 lambda: x.sort(),
 lambda: [t.stride() for t in x.transpose(0, 2).sort(1)],
 lambda: [t.stride() for t in x[:, ::2].sort(stable=True)],
 lambda: x.sort(5),
 lambda: torch.sort(x, 1, out=(torch.empty(0, **M), torch.empty(0, dtype=torch.int32, **M))),
 lambda: torch.ones(3, dtype=torch.complex64, **M).sort(),
 lambda: torch.ones(3, dtype=torch.complex64).sort(),
 lambda: x.argsort(1).shape,
 lambda: x.topk(2),
 lambda: x.topk(2, 1, largest=False),
 lambda: [t.stride() for t in x.transpose(0, 2).topk(1, 0)],
 lambda: x.topk(5),
 lambda: x.topk(-1),
 lambda: torch.empty((), **M).topk(1),
 lambda: torch.topk(x, 2, out=(torch.empty(0, dtype=torch.float64, **M), torch.empty(0, dtype=torch.int64, **M))),
 lambda: torch.ones(3, dtype=torch.bool, **M).topk(2),
 lambda: torch.ones(3, dtype=torch.bool).topk(2),
 lambda: x.aminmax(),
 lambda: x.aminmax(dim=1),
 lambda: x.aminmax(dim=-1, keepdim=True),
 lambda: x.aminmax(keepdim=True),
 lambda: torch.empty(0, 3, **M).aminmax(),
 lambda: torch.empty(0, 3, **M).aminmax(dim=0),
 lambda: torch.empty(0, 3, **M).aminmax(dim=1),
 lambda: torch.aminmax(x, dim=0, out=(torch.empty(0, **M), torch.empty(0, dtype=torch.float64, **M))),
 lambda: torch.ones(3, dtype=torch.half, **M).aminmax(),
 lambda: torch.ones(3, dtype=torch.half).aminmax(),
 lambda: torch.tensor(2.).aminmax(dim=0, keepdim=True),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
a = torch.tensor([[3., 1., 2., 0.], [5., 4., 9., 7.], [8., 6., 1., 2.]])
v, i = torch.empty(4, 3).t(), torch.empty(4, 3, dtype=torch.int64).t()
print(torch.sort(a, 1, descending=True, out=(v, i)), v.stride(), i.stride())
v, i = torch.empty(2, 3).t(), torch.empty(2, 3, dtype=torch.int64).t()
print(torch.topk(a, 2, out=(v, i)), v.stride(), i.stride())
lo, hi = torch.empty(4, 1).t(), torch.empty(1, 4).t().t()
print(torch.aminmax(a, dim=0, keepdim=True, out=(lo, hi)), lo.stride(), hi.stride())
lo, hi = torch.empty(6)[::2], torch.empty(3)
print(torch.aminmax(a, dim=1, out=(lo, hi)), lo.stride())
