# the Lazy backend lowers tril and triu in all three forms
import torch
x = torch.arange(12.).reshape(3, 4).to("lazy")
lazy_ir(x.tril())
lazy_ir(x.triu(-1))
y = torch.ones(3, 3).to("lazy")
y.tril_(1)
lazy_ir(y)
print(y.cpu())
print(x.triu(2).cpu())
