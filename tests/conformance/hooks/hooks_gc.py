# a leaf whose hook closes over it is a cycle through its _backward_hooks
# and its own hook: gc collects it (tests/python/hooks_gc.py checks the
# cycles through a grad_fn, which 1.13 leaks and minaten collects)
import gc
import weakref
def leaf_cycle():
    x = torch.ones(3, requires_grad=True)
    x.register_hook(lambda g: x)
    return weakref.ref(x)
refs = [leaf_cycle() for _ in range(20)]
gc.collect()
print(sum(r() is not None for r in refs))
# a leaf's hook whose graph a live tensor holds survives a collection
# (NB(minaten): so does a hook on a node of that graph closing over the
# node, which 1.13's gc drops: tests/python/hooks_gc.py)
def graph():
    x = torch.ones(3, requires_grad=True)
    z = x * 2
    x.register_hook(lambda g: print('leaf hook', g, x.shape))
    return z
z = graph()
gc.collect()
z.sum().backward()
