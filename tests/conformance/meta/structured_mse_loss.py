# mse_loss as a structured kernel on TensorIterator: the meta function
# builds the binary iterator (broadcast, promotion), asserts the reduction
# and resizes the output to 0-dim for mean and sum, so it works on meta
# tensors; the impl squares the differences and reduces them into out
import torch
import torch.nn.functional as F
M = dict(device="meta")
x = torch.empty(2, 3, **M)
cases = [
 lambda: torch._C._nn.mse_loss(x, torch.empty(3, **M), 0),
 lambda: torch._C._nn.mse_loss(x, torch.empty(3, **M)),
 lambda: torch._C._nn.mse_loss(x, torch.empty(3, dtype=torch.float64, **M), 2),
 lambda: torch._C._nn.mse_loss(x, torch.empty(4, **M), 0),
 lambda: torch._C._nn.mse_loss(x, x, 3),
 lambda: torch._C._nn.mse_loss(torch.empty(3, dtype=torch.int64, **M), torch.empty(3, dtype=torch.int64, **M)),
 lambda: torch._C._nn.mse_loss(torch.ones(3, dtype=torch.int64), torch.ones(3, dtype=torch.int64)),
 lambda: torch._C._nn.mse_loss(x, x, 1, out=torch.empty(5, **M)),
 lambda: torch._C._nn.mse_loss(x, x, 0, out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: F.mse_loss(torch.empty(4, requires_grad=True, **M), torch.empty(4, **M)),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
a, b = torch.tensor([[1., 2.], [3., 5.]]), torch.tensor([0.5, 4.])
for r in (0, 1, 2):
    out = torch.empty(3)
    print(torch._C._nn.mse_loss(a, b, r, out=out), out.shape)
out = torch.empty(2, 2).t()
print(torch._C._nn.mse_loss(a, b, 0, out=out), out.stride())
print(torch._C._nn.mse_loss(a, b.double(), 1), torch._C._nn.mse_loss(a.half(), b.half(), 2))
