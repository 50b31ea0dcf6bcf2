# Identity and garbage collection: one Python object per tensor (what 1.13
# returns as the same object: contiguous() of a contiguous tensor, .grad,
# ._base, in-place results, the output of an op that returns its input), and
# what Python's gc frees: a tensor in a reference cycle through an attribute,
# through a hook, through grad_fn's saved tensors, seen with weakref.
import gc
import weakref
import torch

t = torch.tensor([[0., 1., 2.], [3., 4., 5.]])
print(t.contiguous() is t, t.t().contiguous() is t, t.t().contiguous().is_contiguous())
print(t.to(torch.float32) is t, t.to(torch.float64) is t, t.float() is t, t.double() is t, t.cpu() is t)
print(t.type(torch.float32) is t, t.requires_grad_(False) is t, t.detach() is t, t.data is t)
print(t.add_(1) is t, t.mul_(2) is t, t.zero_() is t, t.fill_(3) is t, t.t_().t_() is t)
print(t[...] is t, t[...]._base is t, t.view(6)._base is t, t.view(6).view(2, 3)._base is t)
v = t[0]
print(v._base is t, v._base is v._base, t._base, t.view_as(t) is t, t.view(2, 3) is t)
print(t.reshape(2, 3) is t, t.reshape(3, 2)._base is t, t.flatten()._base is t, t.clone()._base)
print(torch.Tensor.add_(t, 1) is t, torch.add(t, 1, out=t) is t, torch.abs_(t) is t)
print(t.squeeze() is t, t.expand(2, 3) is t, t.expand_as(t)._base is t, t.as_strided((2, 3), (3, 1))._base is t)
x = torch.ones(3, requires_grad=True)
(x * 2).sum().backward()
print(x.grad is x.grad, x.grad._base, x.grad.data_ptr() == x.grad.data_ptr())
g = x.grad
(x * 3).sum().backward()
print(x.grad is g, g)
x.grad = None
print(x.grad, g)
y = x * 2
print(y.grad_fn is y.grad_fn, y.grad_fn.next_functions[0][0] is y.grad_fn.next_functions[0][0])
print(y.grad_fn.next_functions[0][0].variable is x)
parts = torch.ones(4).split(2)
print(type(parts).__name__, parts[0]._base is parts[1]._base, parts[0]._base.shape)
u = torch.tensor([1, 2])
print(id(u) == id(u.requires_grad_(False)), u.__class__ is torch.Tensor, type(u) is torch.Tensor)
u.name_tag = "kept"
print(u.name_tag, u[0:1]._base.name_tag, u.view(2).name_tag if hasattr(u.view(2), "name_tag") else "new view has no attribute")


class Box:
    pass


a = torch.zeros(2)
ref = weakref.ref(a)
box = Box()
box.t = a
box.self = box
a.box = box
del a, box
print(ref() is not None)
print(gc.collect() > 0, ref() is None)
b = torch.ones(2)
keeper = torch.zeros(1)
keeper.other = b
ref_b = weakref.ref(b)
del b
gc.collect()
print(ref_b() is not None, ref_b() is keeper.other)
del keeper
print(ref_b() is None)
w = torch.ones(2, requires_grad=True)
out = w * w
ref_w = weakref.ref(w)
ref_out = weakref.ref(out)
out.grad_fn.metadata["keep"] = out
del w, out
print(ref_w() is not None, ref_out() is not None)
gc.collect()
print(ref_w() is None, ref_out() is None)
h = torch.ones(2, requires_grad=True)
ref_h = weakref.ref(h)
hy = h * 2
hy.grad_fn.metadata["input"] = h
del h
gc.collect()
print(ref_h() is not None, hy.grad_fn.next_functions[0][0].variable is ref_h())
del hy
gc.collect()
print(ref_h() is None)
c = torch.ones(3)
ref_c = weakref.ref(c)
lst = [c]
lst.append(lst)
del c, lst
print(ref_c() is not None)
gc.collect()
print(ref_c() is None)
base = torch.arange(4.)
ref_base = weakref.ref(base)
view = base[1:]
del base
gc.collect()
print(ref_base() is not None, view._base is ref_base())
del view
print(ref_base() is None)
