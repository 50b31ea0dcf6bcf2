# Grad modes from Python (python/minaten/autograd/grad_mode.py over torch._C._set_grad_enabled): no_grad, enable_grad, set_grad_enabled as context managers, decorators and calls, nesting, a block that raises, generators, is_grad_enabled, their errors
import torch
x = torch.ones(2, requires_grad=True)
print(torch.is_grad_enabled(), torch.no_grad, torch.enable_grad, torch.set_grad_enabled, torch.is_grad_enabled)
print(torch.no_grad is torch.autograd.no_grad, torch.autograd.grad_mode.no_grad is torch.no_grad, torch.no_grad.__mro__[1].__name__)
with torch.no_grad():
    print(torch.is_grad_enabled(), (x * 2).requires_grad)
    with torch.enable_grad():
        print(torch.is_grad_enabled(), (x * 2).requires_grad)
        with torch.set_grad_enabled(False):
            print(torch.is_grad_enabled())
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
with torch.no_grad() as m:
    print(m)
with torch.set_grad_enabled(True) as m:
    print(m)
with torch.no_grad():
    y = x * 2
    raise ValueError("inside no_grad")
print(torch.is_grad_enabled(), y.requires_grad)
try:
    with torch.no_grad():
        (x * 2).foo
except AttributeError as e:
    print("caught", torch.is_grad_enabled())
s = torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), type(s).__name__, s.mode, s.prev)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
@torch.no_grad()
def f(a):
    return a * 2, torch.is_grad_enabled()
r, mode = f(x)
print(r.requires_grad, mode, torch.is_grad_enabled(), f.__name__)
@torch.set_grad_enabled(False)
def g():
    return torch.is_grad_enabled()
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(g(), torch.is_grad_enabled())
@torch.no_grad()
def gen():
    yield torch.is_grad_enabled()
    yield torch.is_grad_enabled()
it = gen()
print(next(it), torch.is_grad_enabled(), next(it), torch.is_grad_enabled())
with torch.no_grad():
    @torch.enable_grad()
    def h():
        return (x * 2).requires_grad
    print(h(), torch.is_grad_enabled())
@torch.no_grad
def bad():
    pass
torch.no_grad(1)
torch.no_grad(a=1)
torch.enable_grad(1)
torch.set_grad_enabled()
torch.set_grad_enabled(1)
torch.set_grad_enabled(None)
torch._C._set_grad_enabled("yes")
torch.is_grad_enabled(1)
print(torch.is_grad_enabled())
with torch.no_grad():
    z = torch.ones(2, requires_grad=True)
    v = z.view(2)
print(z.requires_grad, v.requires_grad, v.grad_fn, v._is_view())
v.mul_(2)
