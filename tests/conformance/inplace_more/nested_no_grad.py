# nested grad modes: a view made under enable_grad inside no_grad and
# written there (recorded: CopySlices), a view made in no_grad and written
# there, then written under enable_grad inside another no_grad (refused)
import torch
x = torch.ones(3, requires_grad=True)
y = x * 2
with torch.no_grad():
    with torch.enable_grad():
        a = y[:2]
        a.mul_(3)
        print(a.grad_fn.name(), y.grad_fn.name())
    b = y[1:]
    b.add_(1)
print(y._version, y)
with torch.no_grad():
    with torch.enable_grad():
        b.add_(1)
print(y._version)
y.sum().backward()
print(x.grad)
