# torch.autograd.grad, no_grad, detach and accumulation on lazy tensors
x = torch.tensor([1., 2., 3.]).to("lazy").requires_grad_()
y = (x * x).sum()
(g,) = torch.autograd.grad(y, x)
print(g.device, g.requires_grad)
lazy_ir(g)
print(g.cpu())
with torch.no_grad():
    z = x * 2
print(z.requires_grad, z.grad_fn)
w = x.detach()
print(w.requires_grad, w.device)
(x * 3).sum().backward()
(x * 4).sum().backward()
lazy_ir(x.grad)
print(x.grad.cpu())
