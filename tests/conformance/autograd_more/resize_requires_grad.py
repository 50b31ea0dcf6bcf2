# resize_ and resize_as_ refuse a tensor that requires grad, whatever the
# grad mode and even to its own size (1.13's hand-written Autograd kernels,
# VariableTypeManual.cpp); the template's requires_grad does not matter (issue 29)
x = torch.ones(3, requires_grad=True)
x.resize_(4)
x.resize_(3)
x.resize_as_(torch.ones(5))
torch.resize_as_(x, torch.ones(3))
with torch.no_grad():
    x.resize_(4)
with torch.no_grad():
    x.resize_as_(torch.ones(2))
print(x.shape, x._version)
y = x * 2
y.resize_(5)
y.resize_as_(torch.ones(1))
with torch.no_grad():
    v = x[:2]
print(v.requires_grad, v.grad_fn)
v.resize_(2)
v.resize_as_(torch.ones(2))
d = x.detach()
d.resize_(5)
print(d.shape, x.shape, d.requires_grad)
z = torch.ones(3)
z.resize_as_(y)
print(z.requires_grad, z.shape, z._version)
trace_on()
z.resize_as_(torch.ones(2, 2))
z.resize_(6)
trace_off()
print(z.shape, z._version)
z.resize_as_(torch.ones(3, 1), memory_format=torch.contiguous_format)
print(z.shape, z.stride())
w = torch.ones(2, 3, requires_grad=True)
u = w.t()
u.resize_(3, 2)
with torch.no_grad():
    c = w.clone()
c.resize_as_(torch.ones(6))
print(c.shape, c.requires_grad)
