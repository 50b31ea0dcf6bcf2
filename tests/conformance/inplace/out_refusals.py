# out= forms are not differentiable: an input or an out= argument that
# requires grad is refused; in no_grad mode, or with nothing requiring
# grad, they run
import torch
x = torch.ones(3, requires_grad=True)
o = torch.zeros(3)
torch.add(x, 1, out=o)
torch.mul(torch.ones(3), x, out=o)
torch.exp(x, out=o)
torch.add(torch.ones(3), 1, out=x)
torch.sum(x, 0, out=torch.zeros(()))
print(o, o._version, x._version)
with torch.no_grad():
    torch.add(x, 1, out=o)
print(o, o._version)
torch.add(torch.ones(3), 2, out=o)
print(o, o._version, o.requires_grad)
