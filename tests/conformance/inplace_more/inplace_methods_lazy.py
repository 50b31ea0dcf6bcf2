# neg_, reciprocal_, pow_ (Scalar, Tensor), t_, unsqueeze_, transpose_ on
# lazy tensors: values, versions, IR (an in-place view adds a *_copy step to
# the tensor's chain, as 1.13's mutate_view_meta), writes through a tensor
# an in-place view changed, grad_fn names and gradients back on the CPU
import torch
a = torch.tensor([[1., 2., 4.], [-1., 0.5, 8.]]).to('lazy')
b = a * 1
b.neg_()
b.reciprocal_()
b.pow_(2)
b.pow_(torch.tensor([1., 0.5, 2.], device='lazy'))
print(b.cpu(), b._version)
torch.neg_(b)
torch.reciprocal_(b)
print(b.cpu(), b._version)
c = a * 1
c.t_()
print(c.shape, c.stride(), c._version)
lazy_ir(c)
c.unsqueeze_(0)
lazy_ir(c)
c.neg_()
lazy_ir(c)
c.transpose_(0, 2)
lazy_ir(c)
print(c.cpu(), c.is_contiguous(), c.stride(), c._version)
c.t_()
c.transpose_(0, 3)
c.unsqueeze_(-5)
d = a * 1
v = d[0]
v.unsqueeze_(0)
v.neg_()
print(v.shape, v.cpu(), d.cpu())
w = d.view(3, 2)
w.t_()
w.pow_(2)
print(w.cpu(), d.cpu())
s = a.view(2, 1, 3) * 1
s.squeeze_(1)
print(s.shape, s.cpu())
s.unsqueeze_(0).squeeze_()
print(s.shape, s.cpu())
x = torch.tensor([[1., 2., 4.], [-1., 0.5, 8.]], device='lazy', requires_grad=True)
y = x * 1
y.neg_()
y.pow_(3)
print(y.grad_fn.name(), y._version)
y.reciprocal_()
print(y.grad_fn.name())
y.sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
y.t_()
print(y.grad_fn.name(), y.shape)
y.unsqueeze_(0)
print(y.grad_fn.name(), y.shape)
y.transpose_(0, 2)
print(y.grad_fn.name(), y.shape)
(y * torch.arange(6., device='lazy').view(2, 3, 1)).sum().backward()
print(x.grad.cpu())
x.grad = None
y = x * 1
y.view(6)[:3].neg_()
print(y.grad_fn.name(), y.cpu())
y.sum().backward()
print(x.grad.cpu())
x.neg_()
x.t_()
x.unsqueeze_(0)
