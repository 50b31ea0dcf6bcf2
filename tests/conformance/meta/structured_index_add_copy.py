# index_add and index_copy as structured kernels: the meta functions check
# the arguments and say the output (self's sizes and dtype, the out=
# tensor's dtype checked as every structured output's); the impls copy self
# and write the slices, and check the indices' bounds
import torch
M = dict(device="meta")
cases = [
 lambda: torch.index_add(torch.zeros(3), 0, torch.tensor([0]), torch.ones(1), out=torch.empty(3, dtype=torch.float64)),
 lambda: torch.index_copy(torch.zeros(3), 0, torch.tensor([0]), torch.ones(1), out=torch.empty(3, dtype=torch.float64)),
 lambda: torch.index_add(torch.zeros(3, **M), 0, torch.tensor([0], **M), torch.ones(1, **M)),
 lambda: torch.index_add(torch.zeros(3, 2, **M).t(), 1, torch.tensor([0], **M), torch.ones(2, 1, **M)).stride(),
 lambda: torch.index_add(torch.zeros(3, **M), 0, torch.tensor([0], **M), torch.ones(2, **M)),
 lambda: torch.index_add(torch.zeros(3, 2), 0, torch.tensor([0]), torch.ones(2)),
 lambda: torch.index_add(torch.zeros(3, **M), 0, torch.tensor([0.], **M), torch.ones(1, **M)),
 lambda: torch.index_add(torch.zeros(3, **M), 0, torch.tensor([5], **M), torch.ones(1, **M)),
 lambda: torch.index_add(torch.zeros(3), 0, torch.tensor([5]), torch.ones(1)),
 lambda: torch.index_add(torch.zeros(3, **M), 0, torch.tensor([0], **M), torch.ones(1, **M), alpha=2.5),
 lambda: torch.index_add(torch.zeros(3, dtype=torch.int64), 0, torch.tensor([0]), torch.ones(1, dtype=torch.int64), alpha=2.5),
 lambda: torch.index_copy(torch.zeros(3, **M), 0, torch.tensor([0], **M), torch.ones(1, **M)),
 lambda: torch.index_copy(torch.zeros(3, 2, **M).t(), 1, torch.tensor([0], **M), torch.ones(2, 1, **M)).stride(),
 lambda: torch.index_copy(torch.zeros(3, **M), 0, torch.tensor([0, 1], **M), torch.ones(1, **M)),
 lambda: torch.zeros(3, **M).index_copy_(0, torch.tensor([0], dtype=torch.int32, **M), torch.ones(1, **M)),
 lambda: torch.zeros(3, **M).index_add_(0, torch.tensor([0], **M), torch.ones(1, dtype=torch.float64, **M)),
 lambda: torch.zeros(3).index_copy_(0, torch.tensor([3]), torch.ones(1)),
 lambda: torch.index_add(torch.zeros(2, 3), 1, torch.tensor([2, 0]), torch.arange(4.).reshape(2, 2), alpha=2),
 lambda: torch.index_copy(torch.zeros(2, 3).t(), 0, torch.tensor([2, 0]), torch.arange(4.).reshape(2, 2)),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
out = torch.empty(0, **M)
print(torch.index_add(torch.zeros(2, 3, **M), 1, torch.tensor([0], **M), torch.ones(2, 1, **M), out=out).shape)
x = torch.zeros(2, 2)
try:
    torch.index_add(x, 0, torch.tensor([0]), x[:1], out=x)
except Exception as e:
    print(type(e).__name__, e)
