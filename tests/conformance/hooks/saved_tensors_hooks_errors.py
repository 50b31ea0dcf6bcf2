# saved tensors hooks: what goes wrong, and 1.13's messages
x = torch.tensor([1., 2.], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: 5):
    y = x.exp()
y.sum().backward()
y.grad_fn._saved_result
def bad_pack(t):
    raise ValueError('no packing')
with torch.autograd.graph.saved_tensors_hooks(bad_pack, lambda t: t):
    y = x * x
def inplace_pack(t):
    t.mul_(2)
    return t
z = x * 1
with torch.autograd.graph.saved_tensors_hooks(inplace_pack, lambda t: t):
    y = z * z
def bad_unpack(t):
    raise KeyError('gone')
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, bad_unpack):
    y = x * x
y.sum().backward()
with torch.autograd.graph.disable_saved_tensors_hooks('hooks are off here'):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        pass
print(torch._C._autograd._saved_tensors_hooks_is_enabled())
with torch.autograd.graph.disable_saved_tensors_hooks('outer'):
    with torch.autograd.graph.disable_saved_tensors_hooks('inner'):
        print(torch._C._autograd._saved_tensors_hooks_get_disabled_error_message())
    print(torch._C._autograd._saved_tensors_hooks_get_disabled_error_message())
print(torch._C._autograd._saved_tensors_hooks_get_disabled_error_message())
# a SavedTensor's own hooks
y = x * x
r = y.grad_fn._raw_saved_self
r.register_hooks(lambda t: print('pack', t) or t * 1, lambda t: print('unpack', t) or t)
r.register_hooks(lambda t: t, lambda t: t)
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad)
