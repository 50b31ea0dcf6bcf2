# retain_grad() on leaves: a no-op that needs requires_grad
a = torch.ones(2, requires_grad=True)
print(a.retain_grad())
print(a.retains_grad)
b = torch.ones(2)
b.retain_grad()
print(b.retains_grad)
