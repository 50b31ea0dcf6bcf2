# clamp, clamp_min and clamp_max (number and tensor bounds) as structured
# kernels on TensorIterator: the meta functions pick the dtype (an integer
# tensor with a float bound computes in float; in place that is refused)
# and build the iterator, so they work on meta tensors; the impls fill a
# NaN bound or run their loops, which lack Half and Bool
import torch
M = dict(device="meta")
x = torch.empty(2, 3, **M)
i = torch.empty(2, 3, dtype=torch.int64, **M)
cases = [
 lambda: x.clamp(0, 1),
 lambda: i.clamp(0.5),
 lambda: i.clamp(max=2),
 lambda: i.clamp_(0.5),
 lambda: x.clamp(),
 lambda: torch.clamp(x, 0, 1, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: x.clamp_min(0.5).shape,
 lambda: i.clamp_max(1.5),
 lambda: i.clamp_min_(1.5),
 lambda: torch.ones(2, dtype=torch.complex64, **M).clamp(0, 1),
 lambda: x.clamp(1j),
 lambda: torch.ones(2).clamp(1j),
 lambda: torch.ones(2).clamp(1+0j),
 lambda: torch.ones(2, dtype=torch.int64).clamp(1+0j),
 lambda: x.clamp_min(1j),
 lambda: x.clamp(torch.empty(3, **M), torch.empty(2, 1, **M)),
 lambda: i.clamp(torch.empty((), **M)),
 lambda: i.clamp_(torch.empty(3, **M)),
 lambda: x.clamp_min(torch.empty(3, dtype=torch.float64, **M)),
 lambda: x.clamp_max_(torch.empty(2, 1, **M)).stride(),
 lambda: torch.clamp_max(x, torch.empty(3, **M), out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: torch.tensor([1., 2.], dtype=torch.half).clamp(0, 1),
 lambda: torch.tensor([1., 2.], dtype=torch.half).clamp(float("nan"), 1),
 lambda: torch.tensor([True, False]).clamp(False, True),
 lambda: torch.tensor([True, False]).clamp(torch.tensor([False, False]), torch.tensor([True, True])),
 lambda: torch.tensor([True, False]).clamp(torch.tensor([False, False])),
 lambda: torch.tensor([1., 2.], dtype=torch.half).clamp(torch.tensor(0., dtype=torch.half), torch.tensor(1., dtype=torch.half)),
 lambda: torch.tensor([1, 200], dtype=torch.uint8).clamp(-1000),
 lambda: torch.tensor([1, 200], dtype=torch.uint8).clamp(-1, 100),
 lambda: torch.tensor([-0., 0., float("nan"), -3., 5.]).clamp(0., 2.),
 lambda: torch.tensor([-0., 0., float("nan"), -3., 5.]).clamp(min=0.),
 lambda: torch.tensor([-0., 0., float("nan"), -3., 5.]).clamp(max=-0.),
 lambda: torch.tensor([1., 2., 3.]).clamp(float("nan")),
 lambda: torch.tensor([1., 2., 3.]).clamp_min(float("nan")),
 lambda: torch.tensor([1., 2., 3.]).clamp(1.5, float("nan")),
 lambda: torch.tensor([1, 5, 9]).clamp(2.5, 7),
 lambda: torch.tensor([1, 5, 9]).clamp(torch.tensor([2.5, 2.5, 2.5]), torch.tensor(7)),
 lambda: torch.tensor([1., 5., 9.]).clamp(torch.tensor([2, 2, 2]), torch.tensor([8., float("nan"), 8.])),
 lambda: torch.tensor([0.1, 0.7], dtype=torch.bfloat16).clamp(0.3, 0.6),
 lambda: torch.clamp(torch.tensor([1., 5., 9.]), 2, 8, out=torch.empty(3, dtype=torch.int64)),
 lambda: torch.clamp(torch.tensor([1, 5, 9]), torch.tensor(2), torch.tensor(8), out=torch.empty(3, dtype=torch.float64)),
 lambda: torch.arange(6.).reshape(2, 3).t().clamp(1, 4).stride(),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
out = torch.empty(3, 2).t()
print(torch.clamp(torch.arange(6.).reshape(2, 3), 1, 4, out=out), out.stride())
print(torch.arange(10000.).clamp(100, 9000).sum())
