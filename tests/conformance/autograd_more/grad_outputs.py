# torch.autograd.grad with grad_outputs: one or several outputs, non-scalar outputs, None entries (issue 14)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
print(torch.autograd.grad(y, x, grad_outputs=torch.tensor([1., 10., 100.])))
y = x * x
z = x.sum() * 2
print(torch.autograd.grad([y, z], x, grad_outputs=[torch.ones(3), torch.tensor(5.)]))
y = x * x
z = x.sum() * 2
print(torch.autograd.grad([y, z], [x], grad_outputs=[torch.ones(3), None]))
y = x.exp()
print(torch.autograd.grad([y], [x], [torch.zeros(3)]))
m = torch.ones(2, 3, requires_grad=True)
r = m * torch.tensor([1., 2., 3.])
print(torch.autograd.grad(r, m, torch.arange(6.).reshape(2, 3)))
y = x * 2
torch.autograd.grad(y, x, grad_outputs=torch.ones(2))
torch.autograd.grad(y, x, grad_outputs=torch.ones(3, 1))
torch.autograd.grad([y, y], x, grad_outputs=[torch.ones(3)])
torch.autograd.grad(y, x, grad_outputs=[None])
print(x.grad)
