# the indirect errors when the write itself happened in no_grad mode, and
# when the view is used by another operator (1.13: at the use)
import torch
x = torch.ones(4, requires_grad=True)
y = x * 1
with torch.no_grad():
    v = y[:2]
    y.add_(1)
print(v._version)
print(v.grad_fn)
w = v * 2
print(w.grad_fn)
a, b = y.split(2)
y.mul_(2)
c = a + 1
print(c)
print(b.grad_fn)
