# what a tensor hook may not do, and 1.13's errors
torch.ones(2).register_hook(lambda g: g)
torch.ones(2, dtype=torch.long).register_hook(lambda g: g)
x = torch.tensor([1., 2., 3.], requires_grad=True)
with torch.no_grad():
    n = x * 2
n.register_hook(lambda g: g)
y = x * 2
y.register_hook(lambda g: 3)
y.sum().backward()
def badsize(g):
    return torch.ones(2)
y = x * 2
y.register_hook(badsize)
y.sum().backward()
def badtype(g):
    return g.double()
y = x * 2
y.register_hook(badtype)
y.sum().backward()
y = x * 2
y.register_hook(lambda g: [g])
y.sum().backward()
x.register_hook(badtype)
(x * 2).sum().backward()
x._backward_hooks = None
class Named:
    __name__ = 5
    def __call__(self, g):
        return g[:1]
y = x * 2
y.register_hook(Named())
y.sum().backward()
# an exception a hook raises reaches backward()'s caller unchanged
class MyError(Exception):
    pass
def raising(g):
    raise MyError('from the hook', g.shape)
y = x * 2
y.register_hook(raising)
try:
    y.sum().backward()
except MyError as e:
    print('caught', type(e).__name__, e.args)
y = x * 2
y.register_hook(lambda g: 1 / 0)
y.sum().backward()
print(x.grad)
del x._backward_hooks
