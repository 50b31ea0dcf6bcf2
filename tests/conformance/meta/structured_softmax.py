# _softmax, _log_softmax and their backwards as structured kernels: the
# meta functions check the dim (and the backward's sizes) and give a
# contiguous output; the impls refuse half_to_float on the CPU and compute
import torch
M = dict(device="meta")
cases = [
 lambda: torch._softmax(torch.ones(2, 3, **M).t(), 0, False).stride(),
 lambda: torch._softmax(torch.ones(2, 3, **M), 2, False),
 lambda: torch._softmax(torch.ones(2, 3, dtype=torch.half, **M), 1, True),
 lambda: torch._softmax(torch.ones(2, 3, dtype=torch.half), 1, True),
 lambda: torch._log_softmax(torch.ones(2, 3, **M), -1, False),
 lambda: torch._log_softmax(torch.ones((), **M), 0, False),
 lambda: torch._log_softmax(torch.tensor(2.0), 0, False),
 lambda: torch._softmax(torch.ones(0, 3), 1, False),
 lambda: torch.ops.aten._softmax_backward_data(torch.ones(2, 3, **M), torch.ones(3, 2, **M), 1, torch.float),
 lambda: torch.ops.aten._log_softmax_backward_data(torch.ones(2, 3, **M), torch.ones(2, 3, **M), 5, torch.float),
 lambda: torch.ops.aten._log_softmax_backward_data(torch.ones(2, 3, **M).t(), torch.ones(3, 2, **M), 0, torch.float).stride(),
 lambda: torch.ops.aten._softmax_backward_data(torch.ones(2, 3), torch.ones(2, 3, dtype=torch.float64), 1, torch.float),
 lambda: torch.softmax(torch.ones(2, 3, **M), 1, dtype=torch.float64),
 lambda: torch.log_softmax(torch.arange(6.).reshape(2, 3).t(), 1),
 lambda: torch.softmax(torch.arange(6.).reshape(2, 3), 0),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__, e)
out = torch.empty(0, **M)
print(torch._softmax(torch.ones(2, 3, **M), 1, False, out=out).shape, out.stride())
out = torch.empty(3, 2).t()
print(torch._log_softmax(torch.arange(6.).reshape(2, 3), 1, False, out=out), out.stride())
out = torch.empty(2, 3, dtype=torch.float64)
try:
    torch._softmax(torch.ones(2, 3), 1, False, out=out)
except Exception as e:
    print(type(e).__name__, e)
g = torch.ones(2, 3)
y = torch.softmax(torch.arange(6.).reshape(2, 3), 1)
print(torch.ops.aten._softmax_backward_data(g * torch.tensor([1., 2., 3.]), y, 1, torch.float))
print(torch.ops.aten._log_softmax_backward_data(g, y.log(), 1, torch.float, out=torch.empty(0)))
