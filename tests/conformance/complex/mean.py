# mean of complex64/complex128 tensors: the complex sum (Note [Summing
# complex numbers]) divided by the count as div_'s complex loops divide
# (mean_out's at::sum_out(...).div_(dim_prod)); mean/sum/prod of a complex
# tensor into a real dtype, which converts the elements first (the real
# part, with copy_'s warning).
import torch

torch.manual_seed(3)
for dt in [torch.complex64, torch.complex128]:
    w = torch.tensor([2-1j, 0.5j, 3, -1, 1+1j, 2], dtype=dt)
    print(w.mean(), w.mean(0), w.view(2, 3).mean(1), w.view(2, 3).mean(0), w.view(2, 3).mean(0, keepdim=True), torch.mean(w.view(3, 2), dim=[0, 1]))
    r = torch.randn(7, 19, dtype=dt)
    print(torch.view_as_real(r.mean(1)).tolist())
    print(torch.view_as_real(r.mean(0)).tolist())
    print(torch.view_as_real(r.t().mean(1)).tolist(), torch.view_as_real(r.mean()).tolist())
    print(torch.view_as_real(r.conj().mean(0)).tolist())
    print(torch.zeros(0, dtype=dt).mean(), torch.zeros(2, 0, dtype=dt).mean(1))
    print(torch.tensor([1e38+1e38j, 1e38-3e38j], dtype=dt).mean(), torch.tensor([complex(float('inf'), 1), 1j], dtype=dt).mean())
    out = torch.empty(2, dtype=dt); print(torch.mean(w.view(2, 3), 1, out=out), out)
    out = torch.empty(2, dtype=torch.float32); torch.mean(w.view(2, 3), 1, out=out)
    print(w.mean(dtype=torch.complex128), w.mean(dtype=torch.float32))
    print(torch.ones(3).mean(dtype=dt))
    print(torch.ones(3, dtype=torch.int64).mean(dtype=dt))
    x = w.clone().requires_grad_(); y = x.mean(); y.abs().backward(); print(y, x.grad, y.grad_fn.name())
print(torch.ones(3, dtype=torch.int64).mean())
print(torch.randn(40, 33, dtype=torch.complex64).mean(0)[:3])


trace_on()
torch.ones(3, dtype=torch.complex64).mean()
torch.ones(3, 2, dtype=torch.complex64).mean(1)
trace_off()
w = torch.tensor([2-1j, 0.5j, 3, -1, 1+1j, 2])
print(w.sum(dtype=torch.float32), w.sum(dtype=torch.float64), w.sum(dtype=torch.float16), w.sum(dtype=torch.bfloat16), w.mean(dtype=torch.float64), w.mean(dtype=torch.bfloat16))
print(w.sum(dtype=torch.int64))
print(w.mean(dtype=torch.int64))
print(w.prod(dtype=torch.float32))
print(w.view(2, 3).sum(1, dtype=torch.float32), w.conj().sum(dtype=torch.float32))
