# the autograd properties of leaves
a = torch.ones(3, requires_grad=True)
print(a.is_leaf, a.grad, a.grad_fn, a.retains_grad, a.output_nr, a._version, a._is_view(), a._base)
b = torch.ones(3)
print(b.is_leaf, b.grad, b.grad_fn, b.retains_grad, b.output_nr, b._version, b._is_view(), b._base)
print(b.requires_grad, a.requires_grad)
print(a.grad is None, a.grad_fn is None, a._base is None)
c = a.detach()
print(c.is_leaf, c.requires_grad, c._version)
