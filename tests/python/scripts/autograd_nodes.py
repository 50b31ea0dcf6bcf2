# Backward graph nodes as Python objects (csrc/autograd/python_cpp_function.c): one class per node type named as 1.13's, name(), next_functions, requires_grad, metadata kept with the node, AccumulateGrad.variable, identity while the object lives, and their errors
import torch
import gc
import re
def addr(o):
    return re.sub(r"0x[0-9a-f]+", "0x...", repr(o))
def names(fn):
    return [(n.name() if n is not None else None, i) for n, i in fn.next_functions]
x = torch.ones(3, requires_grad=True)
w = torch.ones(3, requires_grad=True)
y = x * w
z = (y + x).sum()
f = y.grad_fn
print(addr(f), type(f), type(f).__name__, type(f).__qualname__, type(f).__module__, f.name())
print(type(f).__mro__, type(f).__base__, isinstance(f, object), f is y.grad_fn, y.grad_fn is y.grad_fn)
print(f.requires_grad, f.metadata, f.metadata is f.metadata, type(f.metadata).__name__)
print([(type(n).__name__, i) for n, i in f.next_functions], len(z.grad_fn.next_functions))
a = f.next_functions[0][0]
print(addr(a), type(a), a.name(), a.variable is x, a is f.next_functions[0][0], a is x.grad_fn, a.requires_grad, a.metadata)
print(f.next_functions[1][0].variable is w, f.next_functions[0][0] is f.next_functions[1][0])
print([n.name() if n is not None else None for n, _ in z.grad_fn.next_functions], z.grad_fn.next_functions[0][0].next_functions[0][0] is f)
print(all(hasattr(f, k) for k in ("name", "next_functions", "requires_grad", "metadata")), hasattr(a, "variable"))
f.name(1)
f.name(x=1)
f.foo
f.variable
f.metadata = {}
f.next_functions = ()
f.attr = 1
type(f)()
class Sub(type(f)):
    pass
f.metadata["k"] = [1, 2]
del f
gc.collect()
print(y.grad_fn.metadata, y.grad_fn.metadata["k"] is y.grad_fn.metadata["k"])
fn = y.grad_fn
print(y.grad_fn == y.grad_fn, hash(fn) == hash(y.grad_fn), bool(fn), fn is y.grad_fn)
c = torch.ones(2, requires_grad=True)
v = c.clone()
v.add_(1)
print(v.grad_fn.name(), names(v.grad_fn), names(v.grad_fn.next_functions[0][0]))
s = c.clone()
t = s.select(0, 0)
t.mul_(2)
print(s.grad_fn.name(), type(s.grad_fn).__name__, t.grad_fn.name(), type(t.grad_fn).__name__, names(s.grad_fn), names(t.grad_fn))
q = torch.ones(2, requires_grad=True).sum()
print(q.grad_fn.name(), [(type(n).__name__, i) for n, i in q.grad_fn.next_functions])
print(torch.ones(2).grad_fn, (torch.ones(2) * 2).grad_fn)
with torch.no_grad():
    print((x * 2).grad_fn)
r = x.exp()
print(r.grad_fn.name(), r.grad_fn.next_functions[0][0].variable is x)
u, p = torch.ones(4, requires_grad=True).split(2)
print(u.grad_fn is p.grad_fn, u.grad_fn.name(), u.output_nr, p.output_nr)
