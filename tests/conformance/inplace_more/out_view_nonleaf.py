# out= with a view of a non-leaf as out: refused with grad mode on (out
# requires grad), allowed in no_grad mode (base and view bumped, history
# kept); out= into a view of a plain tensor with inputs requiring grad
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
torch.add(torch.ones(2), 1, out=y[:2])
with torch.no_grad():
    torch.mul(torch.ones(2), 5, out=y[2:])
print(y._version, y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
p = torch.zeros(4)
torch.mul(x[:2], 2, out=p[:2])
with torch.no_grad():
    torch.mul(x[:2], 2, out=p[:2])
print(p._version, p.requires_grad, p)
