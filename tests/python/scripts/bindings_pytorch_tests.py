# What PyTorch's own test files (tools/pytorch-tests) reach for beyond operators: torch's math constants, torch._utils._element_size, the transpose/movedim aliases as functions and methods
import torch
import math
print(torch.nan is math.nan, torch.inf, torch.pi, torch.e, -torch.inf)
from torch import nan, inf
print(nan != nan, inf > 1e308)
print(torch._utils._element_size(torch.float64), torch._utils._element_size(torch.float32), torch._utils._element_size(torch.int16), torch._utils._element_size(torch.uint8), torch._utils._element_size(torch.bool), torch._utils._element_size(torch.int64))
torch._utils._element_size(3)
torch._utils._element_size("float32")
a = torch.arange(24.).reshape(2, 3, 4)
print(torch.swapdims(a, 0, 1).shape, a.swapdims(-1, 0).stride(), torch.moveaxis(a, 0, 2).shape, a.moveaxis((0, 1), (1, 0)).stride())
print(torch.swapdims(a, dim0=2, dim1=0).shape, torch.moveaxis(a, source=1, destination=0).shape)
print(a.clone().swapdims_(0, 2).shape, a.clone().swapaxes_(1, 2).stride())
torch.swapdims(a, 0)
a.swapdims_(0, 5)
torch.moveaxis(a, 0, 1, 2)
