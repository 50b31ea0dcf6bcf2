# an error inside a block ends its statement, and the mode is restored
with torch.no_grad():
    print(torch.is_grad_enabled())
    torch.ones(2).view(3)
    print("not reached")
print(torch.is_grad_enabled())
with torch.enable_grad():
    with torch.no_grad():
        undefined_name
print(torch.is_grad_enabled())
for i in range(3):
    with torch.no_grad():
        if i == 1:
            break
print(torch.is_grad_enabled())
def f():
    with torch.no_grad():
        return torch.is_grad_enabled()
print(f(), torch.is_grad_enabled())
with 3:
    pass
with torch.no_grad:
    pass
torch.no_grad(1)
torch.is_grad_enabled(1)
torch.set_grad_enabled(1)
torch.set_grad_enabled()
print(torch.is_grad_enabled())
