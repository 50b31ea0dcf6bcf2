# one signature (neg grouped with neg.out): a keyword that names no parameter
import torch
t = torch.ones(2)
torch.neg(t, foo=1)
