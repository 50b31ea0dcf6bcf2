# Tensor.set_ and autograd: a leaf that requires grad refuses it, no_grad allows it, a NotImplemented grad_fn when self or source requires grad, set_ of a view rebases the view's history
a = torch.arange(6.)
x = torch.zeros(3, requires_grad=True)
x.set_(a.storage())
x.set_(a.storage(), 0, (2,))
x.set_(a)
x.set_(a, 1, (2,))
x.set_()
with torch.no_grad():
    x.set_(a.storage(), 1, (2,))
print(x, x.requires_grad, x.grad_fn, x._version, x.is_leaf)
y = torch.zeros(3, requires_grad=True) * 2
y.set_(a)
print(y.requires_grad, type(y.grad_fn).__name__, y._version)
w = torch.ones(3, requires_grad=True)
z = torch.zeros(3)
z.set_(w)
print(z.requires_grad, type(z.grad_fn).__name__, z._version, z.is_leaf)
y2 = torch.ones(3, requires_grad=True) * 2
y2.set_(w)
print(y2.requires_grad, type(y2.grad_fn).__name__)
y2.sum().backward()
print(w.grad)
y3 = torch.ones(3, requires_grad=True) * 2
y3.set_(a.storage())
print(type(y3.grad_fn).__name__)
y4 = torch.ones(3, requires_grad=True) * 2
y4.set_()
print(type(y4.grad_fn).__name__, y4.shape)
y5 = torch.ones(3, requires_grad=True) * 2
y5.set_(a, 1, (2,))
print(type(y5.grad_fn).__name__, y5)
e = torch.zeros(2)
e.set_(w.storage(), 0, (3,))
print(e.requires_grad, e.grad_fn)
b = torch.arange(6.)
v = b[1:]
v.set_(a)
print(v._is_view(), v._base is b, v.shape, v._version, b._version)
bb = torch.arange(6., requires_grad=True).clone()
vv = bb[1:]
vv.set_(a)
print(type(vv.grad_fn).__name__, type(bb.grad_fn).__name__, vv._is_view(), vv.shape)
vv.set_(a.storage())
vv.set_()
print(type(vv.grad_fn).__name__, vv.shape)
vv2 = bb.detach()[1:]
vv2.set_(a)
print(vv2.grad_fn, vv2.requires_grad)
print(a.is_set_to(a), torch.zeros(3, requires_grad=True).is_set_to(a))
