# Tensor.as_subclass (an alias of the tensor, as an instance of the class)
# and Tensor._make_subclass (a detached tensor of the same data, a leaf),
# their errors, and autograd through a subclass.
import torch


class Sub(torch.Tensor):
    pass


x = torch.tensor([1.0, 2.0, 3.0])
a = x.as_subclass(Sub)
print(type(a).__name__, a is x, a._base is x, a.data_ptr() == x.data_ptr(), a.requires_grad)
a.mul_(2)
print(x, a)
m = torch.Tensor._make_subclass(Sub, x)
print(type(m).__name__, m._base is None, m.data_ptr() == x.data_ptr(), m.requires_grad, m.is_leaf)
p = torch.Tensor._make_subclass(Sub, x * 1, True)
print(type(p).__name__, p.requires_grad, p.is_leaf, p.grad_fn)
q = torch.Tensor._make_subclass(Sub, torch.ones(2, requires_grad=True) * 2, require_grad=False)
print(q.requires_grad, q.is_leaf, q.grad_fn)
for f in [lambda: x.as_subclass(3), lambda: x.as_subclass(int), lambda: x.as_subclass(),
          lambda: torch.Tensor._make_subclass(3, x), lambda: torch.Tensor._make_subclass(int, x),
          lambda: torch.Tensor._make_subclass(Sub, 3), lambda: torch.Tensor._make_subclass(Sub)]:
    try:
        r = f()
        print(type(r).__name__)
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__ + ":", e)
print(type(x.as_subclass(torch.Tensor)).__name__, type(Sub([1.0, 2.0])).__name__, Sub([1.0, 2.0]))

# autograd: the results are Sub; the gradient a leaf accumulates is not
# wrapped (x.grad is in get_default_nowrap_functions)
w = torch.Tensor._make_subclass(Sub, torch.tensor([1.0, 2.0]), True)
y = (w * w).sum()
print(type(y).__name__, y, y.grad_fn.name(), y.requires_grad)
y.backward()
print(type(w.grad).__name__, w.grad, w.grad is w.grad)
z = w.exp()
g, = torch.autograd.grad(z.sum(), w)
print(type(z).__name__, type(g).__name__, g)
d = w.detach()
print(type(d).__name__, d.requires_grad)
