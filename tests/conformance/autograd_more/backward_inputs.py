# backward(inputs=...): gradients accumulate only into the named tensors (issue 14)
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
z = (x * y).sum()
z.backward(inputs=[x], retain_graph=True)
print(x.grad, y.grad)
z.backward(inputs=y, retain_graph=True)
print(x.grad, y.grad)
z.backward(inputs=(x, y))
print(x.grad, y.grad)
x.grad = None
y.grad = None
h = x * 2
w = (h * y).sum()
w.backward(inputs=[h, y])
print(h.grad, y.grad, x.grad, h.retains_grad)
x.grad = None
y.grad = None
torch.autograd.backward([(x * 3).sum(), (y * 5).sum()], inputs=[y])
print(x.grad, y.grad)
u = torch.ones(2, requires_grad=True)
(x * 2).sum().backward(inputs=[u])
print(u.grad)
