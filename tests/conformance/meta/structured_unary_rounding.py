# floor, ceil, round, trunc, sign, sgn and bitwise_not as structured kernels (1.13's
# TORCH_META_FUNC / TORCH_IMPL_FUNC): their errors in 1.13's order (the out=
# dtype check of the build before the kernel's refusal of Bool), and the
# Meta kernels their meta functions give.
import torch
cases = [
 lambda: torch.floor(torch.tensor([1.5]), out=torch.empty(1, dtype=torch.long)),
 lambda: torch.floor(torch.tensor([True]), out=torch.empty(1, dtype=torch.long)),
 lambda: torch.floor(torch.tensor([True])),
 lambda: torch.ceil(torch.tensor([1+1j])),
 lambda: torch.round(torch.tensor([1.5, 2.5]), out=torch.empty(0)),
 lambda: torch.trunc(torch.tensor([1], dtype=torch.int32), out=torch.empty(1)),
 lambda: torch.sign(torch.tensor([1+1j])),
 lambda: torch.sign(torch.tensor([-2, 3]), out=torch.empty(2, dtype=torch.float64)),
 lambda: torch.sgn(torch.tensor([3+4j])),
 lambda: torch.sgn(torch.tensor([3+4j]), out=torch.empty(1)),
 lambda: torch.bitwise_not(torch.tensor([1.5])),
 lambda: torch.bitwise_not(torch.tensor([5]), out=torch.empty(1)),
 lambda: torch.bitwise_not(torch.tensor([True, False])),
 lambda: torch.floor(torch.ones(2, 3, device="meta")),
 lambda: torch.ones(2, 3, device="meta").ceil_(),
 lambda: torch.round(torch.ones(2, device="meta"), out=torch.empty(3, device="meta")),
 lambda: torch.floor(torch.ones(2, dtype=torch.half)),
 lambda: torch.floor(torch.ones(2, dtype=torch.half, device="meta")),
 lambda: torch.tensor([1.5, -1.5]).floor_(),
 lambda: torch.tensor([2, 3]).sign_(),
]
for i, c in enumerate(cases):
    try:
        r = c()
        print(i, r.dtype, tuple(r.shape), r.device, r if r.device.type != "meta" else "")
    except Exception as e:
        print(i, type(e).__name__, e)
