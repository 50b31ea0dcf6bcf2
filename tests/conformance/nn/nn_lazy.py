# addmm on lazy tensors records an IR node (1.13's ts_native_functions.yaml lowers it), linear decomposes into it, mse_loss runs through the Lazy fallback
import torch.nn.functional as F
a = torch.arange(6.).reshape(2, 3).to("lazy")
w = torch.arange(12.).reshape(4, 3).to("lazy") / 10
b = torch.arange(4.).to("lazy")
r = torch.addmm(b, a, w.t(), beta=0.5)
lazy_ir(r)
print(r.cpu())
r = F.linear(a, w, b)
lazy_ir(r)
l = F.mse_loss(a, a * 2)
lazy_ir(l)
print(l.cpu())
