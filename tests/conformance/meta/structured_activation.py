# gelu, gelu_backward and threshold_backward as structured kernels on
# TensorIterator: the meta functions only build the iterator, so on meta
# tensors any `approximate` string and any dtype pass; the impls read
# `approximate` and refuse the dtypes their kernels lack
import torch
import torch.nn.functional as F
M = dict(device="meta")
cases = [
 lambda: F.gelu(torch.ones(2, 3, **M).t()).stride(),
 lambda: F.gelu(torch.ones(2, 3, **M), approximate="bogus"),
 lambda: F.gelu(torch.ones(2, 3), approximate="bogus"),
 lambda: F.gelu(torch.ones(2, dtype=torch.int64, **M)),
 lambda: F.gelu(torch.ones(2, dtype=torch.int64)),
 lambda: F.gelu(torch.ones(2, dtype=torch.complex64)),
 lambda: torch.ops.aten.gelu_backward(torch.ones(3, **M), torch.ones(2, 1, dtype=torch.float64, **M)),
 lambda: torch.ops.aten.gelu_backward(torch.ones(3), torch.ones(3), approximate="x"),
 lambda: torch.ops.aten.gelu_backward(torch.ones(2, 3), torch.tensor([[0.5, -1.0, 2.0]]), approximate="tanh"),
 lambda: torch.ops.aten.threshold_backward(torch.ones(3, **M), torch.ones(2, 1, **M), 0.5),
 lambda: torch.ops.aten.threshold_backward(torch.tensor([1., 2., 3.]), torch.tensor([-1., 0.5, 2.]), 0.5),
 lambda: torch.ops.aten.threshold_backward(torch.tensor([1, 2, 3]), torch.tensor([-1., 0.5, 2.]), 0),
 lambda: torch.ones(2, 3, **M).t().gelu_() if hasattr(torch.Tensor, "gelu_") else F.gelu(torch.ones(2, 3, **M), approximate="tanh"),
 lambda: torch._C._nn.gelu_(torch.ones(1, 3, **M), approximate="tanh"),
 lambda: torch._C._nn.gelu_(torch.tensor([-1., 0., 1.])),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__, e)
out = torch.empty(0, **M)
print(F.gelu(torch.ones(2, 3, **M), approximate="tanh") is not None, torch._C._nn.gelu(torch.ones(4, **M), out=out).shape)
out = torch.empty(5, dtype=torch.int64)
try:
    torch._C._nn.gelu(torch.ones(3), out=out)
except Exception as e:
    print(type(e).__name__, e)
print(torch._C._nn.gelu(torch.tensor([-1., 0., 1.]), out=torch.empty(0, dtype=torch.float64)))
