# Python's gc and tensors in reference cycles (csrc/autograd/python_variable.c, Note [Tensor objects and Python's gc]): a cycle through tensor attributes is collected (the weakref dies at gc.collect()), one through C (a graph holding the tensor) is not, in 1.13 neither; attributes of a tensor C keeps survive
import torch
import gc
import weakref
def check(make):
    gc.collect()
    ref = make()
    before = ref() is None
    gc.collect()
    return before, ref() is None
def self_cycle():
    y = torch.ones(2)
    y.me = y
    return weakref.ref(y)
def self_cycle_grad():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.me = y
    return weakref.ref(y)
def own_grad_fn():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.fn = y.grad_fn
    return weakref.ref(y)
def own_grad_fn_and_self():
    x = torch.ones(2, requires_grad=True)
    z = (x * 2) * (x * 3)
    z.fn = z.grad_fn
    z.me = z
    return weakref.ref(z)
def two_tensors():
    a = torch.ones(2)
    b = torch.zeros(2)
    a.other = b
    b.other = a
    return weakref.ref(b)
def through_a_list():
    a = torch.ones(2)
    a.items = [a, {"self": a}]
    return weakref.ref(a)
class T(torch.Tensor):
    __slots__ = ("slot",)
def subclass_slot():
    t = torch.ones(2).as_subclass(T) if hasattr(torch.Tensor, "as_subclass") else T()
    t.slot = t
    return weakref.ref(t)
def saved_by_a_graph():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    z = y * y
    y.fn = z.grad_fn
    return weakref.ref(y)
def leaf_and_its_accumulator():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    x.fn = y.grad_fn
    return weakref.ref(x)
def metadata_holds_the_tensor():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y.grad_fn.metadata["y"] = y
    return weakref.ref(y)
def hooks_dict():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    y._backward_hooks = {0: y}
    return weakref.ref(y)
def kept_by_c():
    global keep
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    keep = y * y
    y.me = y
    y.label = "y"
    return weakref.ref(y)
for make in (self_cycle, self_cycle_grad, own_grad_fn, own_grad_fn_and_self, two_tensors, through_a_list, saved_by_a_graph, leaf_and_its_accumulator, metadata_holds_the_tensor, hooks_dict, kept_by_c):
    print(make.__name__, check(make))
print(subclass_slot.__name__, check(subclass_slot))
print(keep.grad_fn.next_functions[0][0] is keep.grad_fn.next_functions[1][0], keep.grad_fn.name())
x = torch.ones(2, requires_grad=True)
y = x * 2
y.tag = "kept"
z = y * y
ref = weakref.ref(y)
del y
gc.collect()
print(ref() is not None, ref().tag, ref().me if hasattr(ref(), "me") else None)
z.sum().backward()
print(x.grad)
w = torch.ones(2)
w.extra = 1
r = weakref.ref(w)
del w
print(r() is None)
