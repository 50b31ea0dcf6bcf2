# scatter (its four overloads), scatter_add and gather as structured
# kernels: the meta functions check dim, dtypes, shapes, overlaps and
# `reduce`, and give the output (self's sizes for scatter, index's for
# gather); the impls copy self and walk index, whose bounds only they check
import torch
M = dict(device="meta")
x = torch.empty(3, 4, **M)
i = torch.zeros(2, 4, dtype=torch.int64, **M)
cases = [
 lambda: torch.scatter(x, 0, i, torch.empty(2, 4, **M)),
 lambda: torch.scatter(x.t(), 1, i.t(), 1.5).stride(),
 lambda: torch.scatter(x, 0, i, torch.empty(2, 4, **M), reduce="add"),
 lambda: torch.scatter(x, 0, i, torch.empty(2, 4, **M), reduce="bogus"),
 lambda: torch.scatter(x, 0, i, 2.0, reduce="multiply"),
 lambda: torch.scatter(x, 0, i, 2.0, reduce="mean"),
 lambda: torch.scatter(x, 2, i, 1.0),
 lambda: torch.scatter(x, 0, i.float(), 1.0),
 lambda: torch.scatter(x, 0, i, torch.empty(2, 4, dtype=torch.float64, **M)),
 lambda: torch.scatter(x, 0, torch.zeros(4, 5, dtype=torch.int64, **M), 1.0),
 lambda: torch.scatter_add(x, 1, i, torch.empty(2, 4, **M)),
 lambda: torch.scatter_add(x, 1, i, torch.empty(1, 4, **M)),
 lambda: x.clone().scatter_(0, i, 3.0).shape,
 lambda: x.scatter_add_(0, i, x),
 lambda: torch.scatter(torch.zeros(3), 0, torch.tensor([5]), 1.0),
 lambda: torch.scatter(torch.zeros(3, **M), 0, torch.tensor([5], **M), 1.0),
 lambda: torch.gather(x, 1, i),
 lambda: torch.gather(x, 1, i.t()).stride(),
 lambda: torch.gather(x, 0, i.int()),
 lambda: torch.gather(x, 0, torch.empty(0, dtype=torch.int32, **M)),
 lambda: torch.gather(x, 3, i),
 lambda: torch.gather(x, 0, torch.zeros(2, 5, dtype=torch.int64, **M)),
 lambda: torch.gather(torch.arange(6.).reshape(2, 3), 1, torch.tensor([[2, 0], [1, 1]])),
 lambda: torch.gather(torch.arange(6.).reshape(2, 3), 1, torch.tensor([[3]])),
 lambda: torch.scatter(torch.zeros(2, 3), 1, torch.tensor([[2, 0], [1, 1]]), torch.ones(2, 2) * 7),
 lambda: torch.scatter_add(torch.ones(2, 3), 1, torch.tensor([[1, 1], [0, 2]]), torch.ones(2, 2)),
 lambda: torch.scatter(torch.ones(2, 3), 1, torch.tensor([[1, 1]]), 5.0, reduce="multiply"),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
out = torch.empty(0, **M)
print(torch.gather(x, 1, i, out=out).shape, out.stride())
out = torch.empty(5, dtype=torch.float64, **M)
try:
    torch.scatter(x, 0, i, 1.0, out=out)
except Exception as e:
    print(type(e).__name__, e)
out = torch.empty(4, 3).t()
print(torch.scatter(torch.zeros(3, 4), 0, torch.tensor([[0, 1, 2, 0]]), 9.0, out=out), out.stride())
