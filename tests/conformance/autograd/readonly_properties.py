# the read-only autograd properties refuse assignment
a = torch.ones(2, requires_grad=True)
a.is_leaf = False
a.grad_fn = None
a._version = 3
a.retains_grad = True
a.output_nr = 1
a._base = None
a.shape = (2,)
print(a.is_leaf, a.grad_fn)
