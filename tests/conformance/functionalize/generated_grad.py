# The functional forms 1.13 generates from in-place operators (zero from
# zero_, uniform from uniform_, ...) have no derivative formula of their
# own: autograd gives them the in-place entry's, node and all
# (ZeroBackward0 like zero_'s).  Those whose in-place form has none, or whose
# name does not match it (normal_functional), record NotImplemented.
import torch

torch.manual_seed(0)
a = torch.ones(3, requires_grad=True)
calls = [
    ("zero", lambda: torch.ops.aten.zero(a)),
    ("zero_", lambda: a.clone().zero_()),
    ("uniform", lambda: torch.ops.aten.uniform(a, 2., 3.)),
    ("normal_functional", lambda: torch.ops.aten.normal_functional(a)),
    ("exponential", lambda: torch.ops.aten.exponential(a)),
    ("random", lambda: torch.ops.aten.random(a)),
    ("random.to", lambda: torch.ops.aten.random.to(a, 5)),
    ("random.from", lambda: getattr(torch.ops.aten.random, "from")(a, 1, 5)),
    ("resize", lambda: torch.ops.aten.resize(a, [3])),
    ("set", lambda: torch.ops.aten.set(a)),
    ("set.source_Tensor", lambda: torch.ops.aten.set.source_Tensor(a, a)),
]
for name, call in calls:
    r = call()
    print(name, type(r.grad_fn).__name__ if r.grad_fn is not None else None, r.requires_grad)

z = torch.ops.aten.zero(a * 2)
z.sum().backward()
print(a.grad)
a.grad = None
u = torch.ops.aten.uniform(a, 2., 3.)
print(u.min() >= 2., u.max() <= 3.)
(u * 3).sum().backward()
print(a.grad)
