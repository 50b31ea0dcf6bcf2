# pow.Tensor_Tensor and pow.Scalar as structured kernels: Tensor_Tensor is
# a binary operation on TensorIterator; Scalar's meta function says an
# output of the exponent's shape (of out='s dtype, else the result type),
# and its impl fills 1 for a base of 1, else redispatches to
# pow.Tensor_Tensor_out
import torch
M = dict(device="meta")
x = torch.empty(2, 3, **M)
i = torch.empty(2, 3, dtype=torch.int64, **M)
cases = [
 lambda: x.pow(torch.empty(3, **M)),
 lambda: i.pow(torch.empty(3, **M)),
 lambda: i.pow_(torch.empty(3, **M)),
 lambda: x.pow_(torch.empty(3, dtype=torch.float64, **M)).dtype,
 lambda: torch.pow(x, torch.empty(4, **M)),
 lambda: torch.pow(x, i, out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: torch.pow(2, x),
 lambda: torch.pow(2, i),
 lambda: torch.pow(2.5, i).dtype,
 lambda: torch.pow(1, i),
 lambda: torch.pow(2, x.t()).stride(),
 lambda: torch.pow(2, i, out=torch.empty(0, dtype=torch.float64, **M)),
 lambda: torch.pow(2.5, i, out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: torch.pow(2.5, torch.tensor([1, 2]), out=torch.empty(0, dtype=torch.int64)),
 lambda: torch.pow(1, torch.tensor([1., float("nan")])),
 lambda: torch.pow(1, torch.tensor([1, 2]), out=torch.empty(5, dtype=torch.float64)),
 lambda: torch.pow(True, torch.tensor([0, 2])),
 lambda: torch.pow(1 + 0j, torch.tensor([0., 2.])),
 lambda: torch.pow(2, torch.tensor([-1, 2])),
 lambda: torch.tensor([2, 3]).pow(torch.tensor([-1, 2])),
 lambda: torch.pow(2, torch.arange(6.).reshape(2, 3).t()).stride(),
 lambda: torch.tensor([[2.], [3.]]).pow_(torch.tensor([1., 2.])),
]
for n, c in enumerate(cases):
    try:
        print(n, c())
    except Exception as e:
        print(n, type(e).__name__, e)
out = torch.empty(3, 2).t()
print(torch.pow(torch.arange(6.).reshape(2, 3), torch.tensor([1., 2., 0.5]), out=out), out.stride())
out = torch.empty(3, 2).t()
print(torch.pow(2, torch.arange(6.).reshape(2, 3), out=out), out.stride())
