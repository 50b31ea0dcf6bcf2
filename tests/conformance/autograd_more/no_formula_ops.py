# operators without a derivatives.yaml formula (issue 29): 1.13's codegen
# gives the shape-only factories (DONT_REQUIRE_DERIVATIVE) no grad_fn, the
# boxed fallback a NotImplemented node named `aten::X`, and the operators it
# keeps in its own codegen (dequantize) one named by their C++ name
x = torch.ones(3, requires_grad=True)
z = x * 2
print(x.new_empty_strided((2,), (1,)).requires_grad, x.new_empty_strided((2,), (1,)).grad_fn)
print(z.new_empty_strided((2, 2), (1, 2)).requires_grad, z.new_empty((2,)).requires_grad)
print(z.new_zeros(2).requires_grad, z.new_ones(2).grad_fn, z.new_full((2,), 3.).requires_grad)
print(torch.empty_like(z).requires_grad, torch.zeros_like(z).grad_fn, torch.ones_like(z).requires_grad)
print(torch.full_like(z, 2.).grad_fn, z.argmax().requires_grad, torch.isnan(z).requires_grad)
print(torch.logical_and(z, z).requires_grad, (z > 1).requires_grad, z.nonzero().requires_grad)
d = z.dequantize()
print(d.requires_grad, d.grad_fn.name(), d.is_leaf)
d.sum().backward()
f = torch.floor_divide(z, 2)
print(f.requires_grad, f.grad_fn.name())
f.sum().backward()
r = torch.remainder(2., z)
print(r.grad_fn.name())
r.sum().backward()
# backward(create_graph=True) into a leaf: 1.13's AccumulateGrad keeps a
# copy with history (CopyBackwards, made through new_empty_strided), and a
# backward through w.grad works; w and w.grad's graph then hold each other
# (1.13's warning), so the script resets w.grad at the end, as it advises
w = torch.tensor([1., 2., 3.], requires_grad=True)
(w * w).sum().backward(create_graph=True)
print(w.grad, w.grad.requires_grad)
w.grad.sum().backward()
print(w.grad)
(w * w * w).sum().backward(create_graph=True)
print(w.grad)
w.grad.sum().backward()
print(w.grad)
g = w.new_empty_strided((3,), (1,))
print(g.shape, g.requires_grad, g.is_leaf)
w.grad = None
