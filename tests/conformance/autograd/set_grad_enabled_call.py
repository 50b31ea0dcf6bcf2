# torch.set_grad_enabled(b) as a plain call sets the mode
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
a = torch.ones(2, requires_grad=True)
print(a.requires_grad)
with torch.enable_grad():
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
with torch.no_grad():
    torch.set_grad_enabled(True)
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
with torch.no_grad():
    b = torch.ones(2, requires_grad=True)
print(b.requires_grad, b.is_leaf)
