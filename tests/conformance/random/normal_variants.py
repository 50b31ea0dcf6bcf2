# normal with tensor means and stds (normal_(0, 1) then mul_/add_),
# normal(mean, std, size), normal_ on any layout, out=, and the checks.
import torch

torch.manual_seed(31)
print(torch.normal(torch.arange(3.), 0.5))
print(torch.normal(2.0, torch.tensor([1.0, 2.0, 3.0])))
print(torch.normal(torch.zeros(2, 1), torch.ones(1, 3)))
print(torch.normal(1.5, 0.5, (2, 3)), torch.normal(0., 1., (4,), dtype=torch.float64))
print(torch.empty(20).normal_(5, 0.1)[-3:], torch.empty(3, dtype=torch.float64).normal_(-1, 2))
print(torch.empty(5, 4).t().normal_()[:, 0])
out = torch.empty(2)
print(torch.normal(torch.zeros(3), 1.0, out=out), out)
print(torch.normal(torch.zeros(3), torch.ones(3), generator=torch.Generator().manual_seed(2)))
print(torch.empty(0).normal_(), torch.empty(2).normal_(0, 0))
torch.empty(3).normal_(0, -1)
torch.normal(torch.zeros(3), -1.0)
torch.normal(0.0, torch.tensor([1.0, -1.0]))
torch.normal(torch.zeros(2), torch.ones(3))
torch.empty(3, dtype=torch.int32).normal_()
torch.randn(2, dtype=torch.int64)
torch.empty(2, 1).expand(2, 2).normal_()
