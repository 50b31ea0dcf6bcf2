# torch.autograd.graph.saved_tensors_hooks: pack at save time, unpack at use
# time; packing to a list; what pack receives (the original tensor) and
# what unpack's result becomes (a tensor with the saved one's history)
x = torch.tensor([1., 2., 3.], requires_grad=True)
storage = []
def pack(t):
    print('pack', t)
    storage.append(t.detach().clone())
    return len(storage) - 1
def unpack(i):
    print('unpack', i)
    return storage[i]
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
    z = y.exp()
print(len(storage))
print(z.grad_fn._saved_result)
print(y.grad_fn._saved_self.requires_grad, y.grad_fn._saved_self is x)
z.sum().backward()
print(x.grad)
# after a backward without retain_graph the hooks are gone too
z.grad_fn._saved_result
# a scalar multiplier (a wrapped number) is packed too, in 1.13
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    w = x * 2
print(w.grad_fn._saved_other)
# only the innermost pair applies
def outer_pack(t):
    print('outer pack')
    return t
def inner_pack(t):
    print('inner pack')
    return t
with torch.autograd.graph.saved_tensors_hooks(outer_pack, lambda t: t):
    with torch.autograd.graph.saved_tensors_hooks(inner_pack, lambda t: t):
        a = x.sin()
    b = x.cos()
(a + b).sum().backward()
print(x.grad)
# the hooks change the gradient when unpack returns something else
x.grad = None
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 0 + 10):
    y = x * x
y.sum().backward()
print(x.grad)
# save_on_cpu: a cpu tensor round-trips
x.grad = None
with torch.autograd.graph.save_on_cpu():
    y = x.pow(3)
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad)
