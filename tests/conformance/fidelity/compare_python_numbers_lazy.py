# the same conversion on lazy tensors: the number is recorded as a Long
# device_data, the comparison converts it
import torch
u = torch.tensor([0, 5, 200], dtype=torch.uint8)
l = u.to("lazy")
print((l > -1).cpu(), (l == 256).cpu())
lazy_ir(l > -1)
lazy_ir(l == 256)
print((l.le(1000)).cpu(), l.ne(-56).cpu())
c = torch.tensor([1, 2], dtype=torch.int8).to("lazy")
print((c == 257).cpu())
