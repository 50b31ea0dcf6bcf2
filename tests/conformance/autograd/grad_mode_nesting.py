# no_grad / enable_grad / set_grad_enabled nest and restore the mode
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
        with torch.set_grad_enabled(False):
            print(torch.is_grad_enabled())
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
with torch.set_grad_enabled(True):
    print(torch.is_grad_enabled())
with torch.no_grad(), torch.enable_grad():
    print(torch.is_grad_enabled())
with torch.no_grad() as g:
    print(g)
with torch.enable_grad() as g:
    print(g, torch.is_grad_enabled())
with torch.autograd.no_grad():
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
