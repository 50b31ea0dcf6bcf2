# contiguous's one parameter is keyword-only
import torch
t = torch.ones(2)
t.contiguous(1)
