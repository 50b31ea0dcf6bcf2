# bitwise_and and bitwise_or on lazy tensors: 1.13's TS backend lowers their
# Tensor, in-place and out= forms (an IR node), while bitwise_xor, the
# shifts, bitwise_not and logical_not/xor run through the eager fallback
# (device_data); Python numbers are wrapped first (the Scalar forms are
# composite), so they show as 0-dim device_data.
import torch
a = torch.tensor([[12, 10, 7], [1, 2, 3]]).to('lazy')
b = torch.tensor([6, 3, 1]).to('lazy')
lazy_ir(a & b)
lazy_ir(a | 5)
c = a.clone()
c &= b
lazy_ir(c)
o = torch.empty(2, 3, dtype=torch.long).to('lazy')
torch.bitwise_or(a, b, out=o)
lazy_ir(o)
lazy_ir(a ^ b)
lazy_ir(a << 1)
lazy_ir(torch.bitwise_right_shift(a, b))
lazy_ir(~a)
lazy_ir(torch.logical_not(a))
lazy_ir(torch.logical_xor(a, b))
print((a & b).cpu(), (a << b).cpu(), (~a).cpu())
