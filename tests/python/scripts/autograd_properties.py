# The autograd properties and methods of a tensor from Python (csrc/autograd/python_variable_autograd.c): requires_grad, grad, grad_fn, is_leaf, retains_grad, output_nr, _version, _base, data, _backward_hooks, requires_grad_, retain_grad, detach_, _is_view, their errors, and identity
import torch
import warnings
x = torch.ones(3, requires_grad=True)
y = x * 2
i = torch.ones(3, dtype=torch.int64)
print(x.requires_grad, y.requires_grad, i.requires_grad, x.is_leaf, y.is_leaf, i.is_leaf)
print(x.grad_fn, type(y.grad_fn).__name__, y.grad_fn is y.grad_fn, y._grad_fn is y.grad_fn)
print(x.output_nr, y.output_nr, x.retains_grad, y.retains_grad, x._is_view(), y._is_view())
x.requires_grad = 1
del x.requires_grad
y.requires_grad = False
y.requires_grad = True
i.requires_grad = True
i.requires_grad_()
y.requires_grad_(False)
print(y.requires_grad_(True) is y, y.requires_grad_() is y, x.requires_grad_(False) is x, x.requires_grad)
x.requires_grad_(1)
x.requires_grad_(True, False)
x.requires_grad_(requires_grad=None)
x.requires_grad_(flag=True)
print(x.requires_grad_(requires_grad=True) is x, x.requires_grad)
x.retain_grad(1)
torch.Tensor.retain_grad(x, 1)
i.retain_grad()
print(x.retain_grad(), x.retains_grad, y.retain_grad(), y.retains_grad, y.retain_grad(), y.retains_grad)
y.sum().backward()
print(x.grad, y.grad, x.grad is x.grad, y.grad is y.grad, x._grad is x.grad)
g = x.grad
x.grad = None
print(x.grad, g)
x.grad = g
print(x.grad is g)
del x.grad
print(x.grad)
x.grad = 1
x.grad = [1.0]
x.grad = x
x.grad = torch.ones(4)
x.grad = torch.ones(3, dtype=torch.float64)
x.grad = torch.ones(3, dtype=torch.int64)
x._grad = torch.zeros(3)
print(x.grad)
z = x * 3
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    z.grad
    z._grad
    x.grad
    z.retain_grad()
    z.grad
print([str(w.message)[:40] for w in caught], [w.category.__name__ for w in caught])
print(torch.is_tensor(z.grad_fn), z.grad_fn.name())
z._grad_fn = 1
del z._grad_fn
z._grad_fn = None
print(z.grad_fn, z.is_leaf, z.requires_grad, z.retains_grad, z.output_nr)
a = torch.ones(2, 3, requires_grad=True)
u, v = a.clone().unbind(0)
print(u.output_nr, v.output_nr, u.grad_fn is v.grad_fn, u._is_view(), u._base is not None)
b = a.clone()
w = b[0] if hasattr(b, "__getitem__") else b.select(0, 0)
print(w._is_view(), w._base is b, b._base, a._base, w.is_leaf)
w.detach_()
w.detach()._is_view()
print(b.detach_() is b, b.requires_grad, b.is_leaf, b.grad_fn)
d = torch.ones(3)
print(d._version, d.add_(1)._version, d.mul_(2) is d, d._version)
e = x.data
print(e.requires_grad, e.is_leaf, e._version, e is x.data, e.data_ptr() == x.data_ptr(), type(e).__name__)
e.add_(1)
print(x, e._version, x._version)
x.data = 1
del x.data
x.data = torch.ones(2, dtype=torch.int64)
x.data = torch.zeros(2)
print(x, x.shape, x.requires_grad, x.is_leaf, x._version)
k = torch.ones(2)
k.data = torch.ones(2, 2, dtype=torch.int64)
print(k, k.dtype, k._version)
print(x._backward_hooks)
x._backward_hooks = {}
print(x._backward_hooks, x._backward_hooks is x._backward_hooks)
x._backward_hooks = None
del x._backward_hooks
print(x._backward_hooks)
x.is_leaf = True
x.grad_fn = None
x._version = 3
x._base = None
x.output_nr = 1
x.retains_grad = True
