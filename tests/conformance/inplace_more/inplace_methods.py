# neg_, reciprocal_, pow_ (Scalar, Tensor), t_, unsqueeze_, transpose_:
# values, _version, grad_fn names (1.13: TBackward1, UnsqueezeBackward1,
# TransposeBackward1 of their own entries), gradients, writes through a view
# of a non-leaf (CopySlices), the leaf refusal and the errors
import torch
a = torch.tensor([[1., 2., 4.], [-1., 0.5, 8.]])
b = a.clone()
print(b.neg_(), b._version)
print(torch.neg_(b), b._version)
print(b.reciprocal_(), torch.reciprocal_(b), b._version)
print(b.pow_(2), b._version)
print(b.pow_(torch.tensor([1., 0.5, 2.])), b._version)
print(b.pow_(1), b.pow_(0.5), b._version)
i = torch.tensor([[1, 2], [3, -4]])
print(i.neg_(), i.pow_(2), i.pow_(torch.tensor([0, 1])), i.dtype, i._version)
print(i.t_(), i.is_contiguous(), i.stride(), i._version)
print(i.transpose_(0, -1), i.stride(), i.transpose_(1, 1).shape, i._version)
print(i.unsqueeze_(1).shape, i.stride(), i.unsqueeze_(-1).shape, i.stride(), i._version)
i.reciprocal_()
i.pow_(-1)
i.pow_(0.5)
torch.tensor([True]).neg_()
i.t_()
i.transpose_(0, 4)
i.unsqueeze_(5)
v = torch.tensor(3.)
print(v.t_().shape, v.unsqueeze_(0).shape, v.t_().shape, v.unsqueeze_(0).t_().shape, v.stride())
torch.ones(3).pow_(torch.ones(2, 3))
x = torch.tensor([[1., 2., 4.], [-1., 0.5, 8.]], requires_grad=True)
e = torch.tensor([2., 1., 3.], requires_grad=True)
y = x * 1
y.neg_()
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.reciprocal_()
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.pow_(3)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.abs() + 1
y.pow_(e)
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad, e.grad)
x.grad = None
e.grad = None
y = x * 1
y.t_()
print(y.grad_fn.name(), y.shape, y._version, y.is_leaf)
(y * torch.tensor([[1., 2.], [3., 4.], [5., 6.]])).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.transpose_(1, 0)
print(y.grad_fn.name(), y.shape, y._version)
y.unsqueeze_(1)
print(y.grad_fn.name(), y.shape, y.stride(), y._version)
(y * torch.arange(6.).view(3, 1, 2)).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y[0].neg_()
print(y.grad_fn.name(), y._version)
y[:, 1].pow_(2)
y[1].reciprocal_()
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y[1].pow_(e)
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad, e.grad)
x.grad = None
e.grad = None
y = x * 1
w = y.view(3, 2)
w.t_()
print(w.grad_fn.name(), w._base is y, w.shape, y.grad_fn.name())
w.neg_()
print(w.grad_fn.name(), y.grad_fn.name(), y)
(y * torch.arange(6.).view(2, 3)).sum().backward()
print(x.grad)
x.grad = None
x.neg_()
x.reciprocal_()
x.pow_(2)
x.pow_(e)
x.t_()
x.transpose_(0, 1)
x.unsqueeze_(0)
x[0].neg_()
y = x.view(3, 2)
y.t_()
print(x.shape, x._version)
with torch.no_grad():
    x.neg_()
    x.pow_(2)
print(x, x._version)
z = torch.tensor([[1., 2.], [3., 4.]])
trace_on()
z.t_()
z.unsqueeze_(0)
z.transpose_(0, 2)
z.neg_()
z.reciprocal_()
z.pow_(2)
z.pow_(z)
trace_off()
print(z)
