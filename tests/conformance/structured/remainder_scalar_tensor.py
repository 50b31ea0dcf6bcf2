# remainder(Scalar, Tensor) has a CPU kernel only in 1.13: a lazy tensor runs it through the Lazy fallback, a quantized one finds no kernel
import torch
t = torch.tensor([1.5, 2.0, -3.0])
trace_on()
r = 5 % t
trace_off()
print(r)
l = t.to('lazy')
trace_on()
r = 5 % l
trace_off()
print(r)
q = torch.quantize_per_tensor(t, 0.1, 0, torch.quint8)
5 % q
