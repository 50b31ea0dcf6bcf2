# retain_grad on non-leaves: the gradient kept, accumulated, and .grad of others None (issue 14)
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
z = y * y
print(y.retains_grad, z.retains_grad)
y.retain_grad()
y.retain_grad()
print(y.retains_grad, z.retains_grad, x.retains_grad)
s = z.sum()
s.backward(retain_graph=True)
print(y.grad, x.grad)
print(z.grad)
s.backward()
print(y.grad, x.grad)
y.grad = None
print(y.grad)
w = x.exp()
w.retain_grad()
u = w[0] * 2
u.retain_grad()
u.backward()
print(w.grad, u.grad)
v = x * 1
v.retain_grad()
(v * 4).sum().backward(inputs=[v])
print(v.grad)
