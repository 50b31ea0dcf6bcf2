# amax, amin, argmax and argmin as structured kernels: the meta functions
# check the out= dtype, the dims (an empty input needs them, each non-empty)
# and say the reduced shape (resize_reduction); the impls reduce, and the
# kernels refuse the dtypes they lack (argmax of Bool, amax of complex)
import torch
M = dict(device="meta")
x = torch.empty(2, 3, 4, **M)
cases = [
 lambda: torch.amax(x, (0, 2)),
 lambda: torch.amax(x, 1, keepdim=True).stride(),
 lambda: torch.amin(x.transpose(0, 2), -1),
 lambda: torch.amax(x, (0, 0)),
 lambda: torch.amax(x, 3),
 lambda: torch.amax(torch.empty(0, 3, **M)),
 lambda: torch.amax(torch.empty(0, 3, **M), 0),
 lambda: torch.amax(torch.empty(0, 3, **M), 1),
 lambda: torch.amax(torch.empty(0, 3), 1),
 lambda: torch.amax(x, 1, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.amax(torch.ones(2, dtype=torch.complex64, **M)),
 lambda: torch.amax(torch.ones(2, dtype=torch.complex64)),
 lambda: torch.argmax(x),
 lambda: torch.argmax(x, keepdim=True),
 lambda: torch.argmax(x, 1, keepdim=True).stride(),
 lambda: torch.argmin(x, -1),
 lambda: torch.argmax(torch.empty(0, 3, **M)),
 lambda: torch.argmax(torch.empty(0, 3, **M), 1),
 lambda: torch.argmax(torch.empty(0, 3, **M), 0),
 lambda: torch.argmax(torch.ones(2, 2, dtype=torch.bool, **M), 1),
 lambda: torch.argmax(torch.ones(2, 2, dtype=torch.bool), 1),
 lambda: torch.argmax(x, 1, out=torch.empty(0, dtype=torch.int32, **M)),
 lambda: torch.argmax(x, 5),
 lambda: torch.argmin(torch.tensor([[3., 1., 2.], [0., 5., 0.]]), 1, keepdim=True),
 lambda: torch.argmax(torch.tensor([[3., 1., 2.], [0., 5., 0.]])),
 lambda: torch.amax(torch.tensor([[3., 1., 2.], [0., float("nan"), 0.]]), 1),
 lambda: torch.amin(torch.tensor([[3, 1, 2], [0, 5, 0]]), 0, keepdim=True),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
out = torch.empty(3, 2).t()
print(torch.amax(torch.arange(24.).reshape(2, 3, 4), 2, out=out), out.stride())
out = torch.empty(5, dtype=torch.int64)
print(torch.argmax(torch.arange(6.).reshape(2, 3), 1, out=out), out.stride())
