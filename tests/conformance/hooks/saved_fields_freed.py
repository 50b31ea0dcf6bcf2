# _saved_<name> and _raw_saved_<name> around a backward: the values, the
# SavedTensor object, and 1.13's errors once the graph was freed
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
r = y.grad_fn._raw_saved_self
print(type(r).__name__, [a for a in dir(r) if not a.startswith('__')])
print(r is y.grad_fn._raw_saved_self, y.grad_fn._saved_self is x, y.grad_fn._saved_other is x)
z = x.exp()
s = z.grad_fn._saved_result
print(s is z, s.grad_fn is z.grad_fn, s.requires_grad, s.is_leaf, bool((s == z).all()), s._version)
y.sum().backward(retain_graph=True)
print(y.grad_fn._saved_self is x)
y.sum().backward()
y.grad_fn._saved_self
y.grad_fn._saved_other
print(type(y.grad_fn._raw_saved_self).__name__)
r.register_hooks(lambda t: t, lambda t: t)
z.sum().backward()
z.grad_fn._saved_result
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a.sum(-1)
print(b.grad_fn._saved_self_sym_sizes)
b.backward()
print(b.grad_fn._saved_self_sym_sizes)
c = torch.cat([a, a * 2])
print(c.grad_fn._saved_dim)
y = x * 2
print(y.grad_fn._saved_self, y.grad_fn._saved_other)
y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
torch._C._autograd.SavedTensor()
y.grad_fn._saved_nothing
