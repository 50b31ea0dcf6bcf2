# sum, mean and prod as structured kernels: the meta functions check the
# dims (and mean its dtype), pick the output dtype (dtype=, else out='s,
# else self's, int64 for integers) and say the reduced shape; the impls
# reduce into the output, so an out= of the wrong dtype is refused before
# anything is computed, and a strided out= is written through its strides
import torch
M = dict(device="meta")
x = torch.empty(2, 3, 4, **M)
i = torch.empty(2, 3, dtype=torch.int32, **M)
cases = [
 lambda: x.sum(),
 lambda: x.sum((0, 2)),
 lambda: x.sum(1, keepdim=True).stride(),
 lambda: x.transpose(0, 2).sum(-1).stride(),
 lambda: x.sum((0, 0)),
 lambda: x.sum(3),
 lambda: i.sum(),
 lambda: i.sum(1, dtype=torch.float16),
 lambda: torch.empty(0, 3, **M).sum(0),
 lambda: torch.sum(x, 1, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.sum(x, 1, dtype=torch.float64, out=torch.empty(0, **M)),
 lambda: torch.sum(x, 1, out=torch.empty(5, 5, **M)).shape,
 lambda: x.mean(),
 lambda: x.mean((1, 2), keepdim=True),
 lambda: i.mean(),
 lambda: i.mean(1, dtype=torch.float64),
 lambda: x.mean(0, dtype=torch.int64),
 lambda: torch.mean(x, 1, out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: torch.mean(x, 1, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.mean(torch.empty(2, dtype=torch.complex64, **M)),
 lambda: x.prod(1),
 lambda: i.prod(0, keepdim=True),
 lambda: x.prod(5),
 lambda: torch.prod(x, 1, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.prod(x, 1, dtype=torch.float64, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.sum(torch.ones(2, 3), 1, out=torch.empty(0, dtype=torch.float64)),
 lambda: torch.sum(torch.ones(2, 3), 1, dtype=torch.float64, out=torch.empty(0)),
 lambda: torch.sum(torch.ones(2, 3), 7, out=torch.empty(0, dtype=torch.float64)),
 lambda: torch.mean(torch.ones(2, 3), 1, out=torch.empty(0, dtype=torch.int64)),
 lambda: torch.prod(torch.ones(2, 3), 1, out=torch.empty(0, dtype=torch.int32)),
 lambda: torch.sum(torch.tensor([0.5, 1.5]), 0, dtype=torch.int64),
 lambda: torch.prod(torch.tensor([[1, 2], [3, 4]]), 0, out=torch.empty(2, dtype=torch.float64)),
 lambda: torch.mean(torch.tensor([[1., 2.], [4., 8.]]), 0, out=torch.empty(2, dtype=torch.complex64)),
 lambda: torch.mean(torch.tensor([1., 2., 4.], dtype=torch.float64), 0, out=torch.empty((), dtype=torch.complex128)),
 lambda: torch.mean(torch.tensor([1., 2., 4.]), 0, out=torch.empty((), dtype=torch.bool)),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
a = torch.arange(24.).reshape(2, 3, 4)
for f in (torch.sum, torch.mean, torch.amax):
    out = torch.empty(4, 2).t()
    print(f(a, 1, out=out), out.stride())
out = torch.empty(4, 2, dtype=torch.int64).t()
print(torch.prod(torch.arange(1, 25).reshape(2, 3, 4), 1, out=out), out.stride())
out = torch.empty(3, 2, dtype=torch.float16).t()
print(torch.mean(a, 2, out=out), out.stride())
out = torch.empty(4, 2, dtype=torch.int64).t()
print(torch.argmax(a, 1, out=out), out.stride())
print(torch.argmin(a, keepdim=True).shape, torch.argmax(a, None, True))
