# bernoulli (functional, p= and in place, with a scalar p or a tensor of
# float or double probabilities) and exponential_: the draws, the dtypes
# of self, and the checks.
import torch

torch.manual_seed(21)
p = torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0])
print(torch.bernoulli(p), torch.bernoulli(p.double()), p.bernoulli())
print(torch.bernoulli(p, 0.5), torch.empty(5, dtype=torch.int64).bernoulli_(0.3))
print(torch.empty(6, dtype=torch.bool).bernoulli_(), torch.empty(2, 5).bernoulli_(p))
print(torch.empty(5, dtype=torch.uint8).bernoulli_(p.double()))
print(torch.empty(3, 2).t().bernoulli_(0.5))
out = torch.empty(1)
print(torch.bernoulli(p, out=out), out)
print(torch.empty(5).exponential_(), torch.empty(3, dtype=torch.float64).exponential_(0.5))
print(torch.empty(2).exponential_(0))
torch.empty(3).bernoulli_(1.5)
torch.empty(3).bernoulli_(-0.1)
torch.empty(3).bernoulli_(torch.tensor([1, 0, 1]))
torch.empty(3).bernoulli_(torch.ones(4))
torch.empty(3, 1).expand(3, 2).bernoulli_(0.5)
torch.empty(3).exponential_(-1)
torch.empty(3, dtype=torch.int64).exponential_()
print(torch.bernoulli(torch.full((4,), 0.5), generator=torch.Generator().manual_seed(1)))
