# assigning .grad: a tensor of the same type and size, or None
a = torch.ones(2)
a.grad = torch.full((2,), 3.)
print(a.grad)
a.grad = None
print(a.grad)
a.grad = torch.ones(3)
a.grad = torch.ones(2, 1)
a.grad = torch.ones(1)
a.grad = torch.ones(2, dtype=torch.float64)
a.grad = torch.ones(2, dtype=torch.long)
a.grad = 3
a.grad = a
print(a.grad)
b = torch.ones(2, dtype=torch.long)
b.grad = torch.ones(2, dtype=torch.long)
print(b.grad)
c = torch.ones(2, requires_grad=True)
c.grad = torch.zeros(2)
print(c.grad)
del c.grad
print(c.grad)
