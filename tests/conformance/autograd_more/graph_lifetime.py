# graphs that are never backwarded, and graphs kept alive by the tensors and nodes that hold them (issue 14)
x = torch.ones(3, requires_grad=True)
for i in range(3):
    y = (x * i).exp().sum()
print(y.grad_fn.name())
fn = (x * 2).sin().grad_fn
print(fn.name(), fn.next_functions[0][0].name())
nf = fn.next_functions[0][0]
del fn
print(nf.name(), nf.next_functions[0][0].name())
print(nf.next_functions[0][0].variable is x)
a = x * 3
b = a.view(3, 1)
del a
print(b._base.grad_fn.name(), b.grad_fn.name())
b.sum().backward()
print(x.grad)
z = x.exp()
w = z * z
del z
w.sum().backward()
print(x.grad)
keep = []
for i in range(4):
    keep.append(x * i)
print(len(keep), keep[3].grad_fn.name())
keep[2].sum().backward()
print(x.grad)
keep = None
v = (x * x).sum()
v.backward(retain_graph=True)
v = None
acc = x.exp().grad_fn.next_functions[0][0]
print(acc.name(), acc.variable is x)
u = x * 2
g = u.grad_fn
u = None
print(g.name(), g.next_functions[0][0].name())
