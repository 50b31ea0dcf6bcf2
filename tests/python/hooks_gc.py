"""Reference cycles through autograd hooks are collected (tests/python/CMakeLists.txt).

Each case makes a cycle 50 times in a function and returns a weak reference
to an object in it; after gc.collect() every reference must be dead, and a
hook on a graph something still holds must survive the collection intact.
Exit status 0 when all hold, 1 otherwise (the failures on stderr).
"""
import gc
import sys
import weakref

import minaten as torch


def leaf_cycle():
    x = torch.ones(3, requires_grad=True)
    x.register_hook(lambda g: x)
    return weakref.ref(x)


def nonleaf_cycle():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: y)
    return weakref.ref(y)


def node_cycle():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    fn = y.grad_fn
    fn.register_hook(lambda gi, go: fn)
    fn.register_prehook(lambda go: fn)
    del y
    return weakref.ref(x)


def node_cycle_through_tensor():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.grad_fn.register_hook(lambda gi, go: y)
    return weakref.ref(y)


def retained_and_hooked():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.retain_grad()
    y.register_hook(lambda g: (y, g)[1])
    y.sum().backward(retain_graph=True)
    return weakref.ref(y)


failures = []
for make in [leaf_cycle, nonleaf_cycle, node_cycle, node_cycle_through_tensor, retained_and_hooked]:
    refs = [make() for _ in range(50)]
    gc.collect()
    alive = sum(r() is not None for r in refs)
    if alive:
        failures.append("%s: %d of 50 still alive after gc.collect()" % (make.__name__, alive))

# A hook on a node a live tensor holds keeps its closure through a collection.
seen = []


def hooked_graph():
    x = torch.ones(3, requires_grad=True)
    z = x * 2
    fn = z.grad_fn
    fn.register_hook(lambda gi, go: seen.append(fn.name()))
    return z


z = hooked_graph()
gc.collect()
z.sum().backward()
if seen != ["MulBackward0"]:
    failures.append("a node's hook lost its closure in a collection: %r" % (seen,))

for f in failures:
    print(f, file=sys.stderr)
sys.exit(1 if failures else 0)
