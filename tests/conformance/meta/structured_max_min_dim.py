# max.dim and min.dim as structured kernels of two outputs: the meta
# function checks the dim (of non-zero size, even for a non-empty input)
# and the dtype, and says values (self's dtype) and indices (int64) of the
# reduced shape, values first; the impl writes both through their strides
import torch
M = dict(device="meta")
x = torch.empty(2, 3, 4, **M)
cases = [
 lambda: x.max(1),
 lambda: torch.min(x, -1, keepdim=True),
 lambda: [t.stride() for t in x.transpose(0, 2).max(0)],
 lambda: x.max(3),
 lambda: torch.empty(0, 3, **M).max(1),
 lambda: torch.empty(0, 3, **M).max(0),
 lambda: torch.empty(2, 0, **M).min(0),
 lambda: torch.empty(2, 0).min(0),
 lambda: torch.empty((), **M).max(0),
 lambda: torch.empty((), **M).max(1),
 lambda: torch.ones(2, dtype=torch.complex64, **M).max(0),
 lambda: torch.ones(2, dtype=torch.complex64).max(0),
 lambda: torch.empty(0, dtype=torch.complex64).max(0),
 lambda: torch.max(x, 1, out=(torch.empty(0, **M), torch.empty(0, dtype=torch.int64, **M))),
 lambda: torch.max(x, 1, out=(torch.empty(0, dtype=torch.float64, **M), torch.empty(0, dtype=torch.int64, **M))),
 lambda: torch.max(x, 1, out=(torch.empty(0, **M), torch.empty(0, dtype=torch.int32, **M))),
 lambda: torch.min(torch.ones(2, 3), 1, out=(torch.empty(0), torch.empty(0))),
 lambda: torch.tensor(5.).max(0),
 lambda: torch.tensor([[3., float("nan"), 1.], [2., 7., 7.]]).max(1),
 lambda: torch.tensor([[3, 1, 1], [2, 7, 0]]).min(0, keepdim=True),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
a = torch.arange(24.).reshape(2, 3, 4)
v, i = torch.empty(4, 2).t(), torch.empty(4, 2, dtype=torch.int64).t()
print(torch.max(a, 1, out=(v, i)), v.stride(), i.stride())
v, i = torch.empty(2, 1, 3), torch.empty(3, 2, 1, dtype=torch.int64).permute(1, 2, 0)
print(torch.min(a, 2, keepdim=True, out=(v, i)), v.stride(), i.stride())
v, i = torch.empty(5), torch.empty(5, dtype=torch.int64)
print(torch.max(a, 0, out=(v, i)), v.shape, i.shape)
