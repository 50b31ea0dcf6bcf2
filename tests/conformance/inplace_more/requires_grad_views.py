# requires_grad_() on views and on tensors then written through a view:
# a view of a tensor that requires nothing is a leaf and may be made to
# require grad; the base made to require grad, then a write to a view of it
import torch
t = torch.zeros(4)
v = t[1:]
print(v.is_leaf, v.requires_grad)
v.requires_grad_()
y = torch.ones(2) * 1
y.requires_grad_()
print(y.requires_grad, y.is_leaf)
t.requires_grad_()
w = t[:2]
print(w.requires_grad, w.grad_fn.name())
w.add_(1)
x = t * 1
x[2:].mul_(t[:2])
x.sum().backward()
print(t.grad, x._version)
