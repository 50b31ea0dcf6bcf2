# A logging tensor through __torch_function__ (the docs' "Subclassing
# torch.Tensor"): each call is printed once, at the level of the Python API,
# with what it returned; calls made inside the default __torch_function__
# are not seen (DisableTorchFunction).
import torch


class LoggingTensor(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        name = func.__name__
        if name == "__get__":
            name = "property"
        out = super().__torch_function__(func, types, args, kwargs)
        print(f"  {name}({', '.join(type(a).__name__ for a in args)}) -> {type(out).__name__}")
        return out


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]]).as_subclass(LoggingTensor)
print("ops")
y = (x * 2 + 1).sum(dim=0)
print("methods")
z = x.reshape(4).exp().mean()
print("properties")
s = (x.shape, x.dtype, x.requires_grad, x.is_leaf)
print(s)
print("indexing")
r = x[1]
x[0, 0] = 10
print("functions")
t = torch.where(x > 2, x, torch.zeros(2, 2))
u = torch.matmul(x, torch.eye(2))
print("printing")
print(y)
print(x)
print("tolist")
print(x.tolist())
print("iteration")
for row in x:
    pass
print("done")
