# mixed integer and float inputs: promotion, and gradients flowing to the float input only (issue 14)
def nexts(fn):
    out = []
    for f, n in fn.next_functions:
        if f is None:
            out.append((None, n))
        else:
            out.append((f.name(), n))
    return out
x = torch.tensor([1., 2., 3.], requires_grad=True)
i = torch.tensor([4, 5, 6])
y = x * i
print(y.dtype, y.grad_fn.name())
print(nexts(y.grad_fn))
y.sum().backward()
print(x.grad, i.grad)
x.grad = None
y = i / x
print(y.dtype)
y.sum().backward()
print(x.grad)
x.grad = None
y = x + i
y.sum().backward()
print(x.grad)
x.grad = None
y = i - x
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x.pow(i)
y.sum().backward()
print(x.grad)
x.grad = None
y = torch.tensor(2).pow(x)
print(y.dtype)
y.sum().backward()
print(x.grad)
x.grad = None
d = torch.ones(3, dtype=torch.float64)
y = x * d
print(y.dtype)
y.sum().backward()
print(x.grad.dtype, x.grad)
x.grad = None
m = torch.tensor([True, False, True])
y = x * m
print(y.dtype)
y.sum().backward()
print(x.grad)
x.grad = None
y = torch.where(m, x, i)
print(y.dtype, y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = torch.maximum(x, i)
y.sum().backward()
print(x.grad)
