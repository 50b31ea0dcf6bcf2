# in-place on a leaf that requires grad, or a view of one, is refused;
# the refused call writes nothing and bumps nothing
import torch
x = torch.ones(2, 3, requires_grad=True)
x.add_(1)
x.mul_(2)
x.zero_()
x.fill_(3.)
print(x._version, x)
x[0].add_(1)
x.t().mul_(2)
x.view(6).exp_()
print(x._version)
with torch.no_grad():
    x.add_(1)
    x[0].mul_(2)
print(x._version, x)
x.detach().add_(1)
print(x._version, x)
y = torch.ones(3)
y.requires_grad_()
y.sub_(1)
print(y)
