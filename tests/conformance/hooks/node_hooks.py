# Node.register_hook(fn): fn(grad_inputs, grad_outputs) after the node ran;
# Node.register_prehook(fn): fn(grad_outputs) before; both may return
# replacements (a tuple; None inside it drops that gradient)
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
y = x * w
fn = y.grad_fn
h1 = fn.register_hook(lambda gi, go: print('post', type(gi).__name__, gi, go))
h2 = fn.register_prehook(lambda go: print('pre', type(go).__name__, go))
print(type(h1).__name__, type(h2).__name__, h2.id - h1.id)
y.register_hook(lambda g: print('tensor hook', g))
y.sum().backward()
print(x.grad, w.grad)
x.grad = None
w.grad = None
y = x * w
y.grad_fn.register_hook(lambda gi, go: (gi[0] * 10, None))
y.grad_fn.register_prehook(lambda go: (go[0] * 2,))
y.sum().backward()
print(x.grad, w.grad)
# a node whose input needs no gradient: None in grad_inputs
x.grad = None
y = x * torch.ones(2)
y.grad_fn.register_hook(lambda gi, go: print('post', gi, go))
y.sum().backward()
# AccumulateGrad: its pre-hooks run before the leaf's own hooks, its
# post-hooks after, with no grad_inputs
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
acc = y.grad_fn.next_functions[0][0]
print(acc.name())
acc.register_prehook(lambda go: print('acc pre', go))
acc.register_hook(lambda gi, go: print('acc post', gi, go))
x.register_hook(lambda g: print('leaf hook', g))
y.sum().backward()
# order: the node's pre-hooks and tensor hooks in registration order
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
y.grad_fn.register_prehook(lambda go: print('prehook 1'))
y.register_hook(lambda g: print('tensor hook'))
y.grad_fn.register_prehook(lambda go: print('prehook 2'))
y.retain_grad()
y.grad_fn.register_hook(lambda gi, go: print('post 1'))
y.grad_fn.register_hook(lambda gi, go: print('post 2'))
y.sum().backward()
# removal, and a hook removing itself while hooks run
y = x * 2
h = y.grad_fn.register_hook(lambda gi, go: print('removed?'))
h.remove()
y.sum().backward()
y = x * 2
handles = []
def once(g):
    print('once', g)
    handles[0].remove()
handles.append(y.register_hook(once))
y.register_hook(lambda g: print('every time', g))
y.sum().backward(retain_graph=True)
y.sum().backward()
print(len(y._backward_hooks))
