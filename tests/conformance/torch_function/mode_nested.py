# Nested TorchFunctionModes: the innermost sees the call first; a call its
# handler makes goes to the mode below it, and then to the binding.  The
# stack, as torch.overrides shows it.
import torch


class Tagged(torch.overrides.TorchFunctionMode):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag

    def __torch_function__(self, func, types, args=(), kwargs=None):
        stack = [m.tag for m in torch.overrides._get_current_function_mode_stack()]
        print(f"{self.tag} sees {func.__name__}, stack {stack}")
        return func(*args, **(kwargs or {}))


class Doubling(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if func is torch.Tensor.add or func is torch.add:
            return out * 2
        return out


class Replacing(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func is torch.ones:
            return torch.zeros(*args, **(kwargs or {}))
        return func(*args, **(kwargs or {}))


print(torch.overrides._get_current_function_mode_stack(), torch._C._len_torch_function_stack())
with Tagged("outer"):
    with Tagged("inner"):
        x = torch.ones(2) + 1
        print(torch._C._len_torch_function_stack())
    y = x.mul(3)
print(x, y)
with Doubling():
    a = torch.ones(2) + 1
    b = torch.add(torch.ones(2), 1)
    c = torch.ones(2).mul(3)
print(a, b, c)
with Replacing(), Doubling():
    d = torch.ones(3) + 1
with Doubling(), Replacing():
    e = torch.ones(3) + 1
print(d, e)
with torch.overrides.BaseTorchFunctionMode():
    f = torch.ones(2) * 3
print(f, torch._C._len_torch_function_stack(), torch._C._is_torch_function_mode_enabled())
inner = Tagged("reused")
with inner:
    with inner:
        g = torch.ones(1)
print(g)
