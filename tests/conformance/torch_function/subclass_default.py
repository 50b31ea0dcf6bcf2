# A plain subclass of torch.Tensor keeps its type through operations: the
# default Tensor.__torch_function__ runs each call with __torch_function__
# disabled and makes tensor results instances of the subclass (_convert).
import torch


class MyTensor(torch.Tensor):
    pass


x = torch.arange(6.).reshape(2, 3).as_subclass(MyTensor)
y = torch.ones(2, 3)
print(type(x).__name__, x)
print(type(x + y).__name__, type(y + x).__name__, type(1 + x).__name__, type(x - 1).__name__, type(2 - x).__name__)
print(type(torch.add(x, y)).__name__, type(torch.add(y, x)).__name__, type(y.add(x)).__name__)
print(type(x.sum()).__name__, type(x.sum(0)).__name__, type(x.t()).__name__, type(x.view(6)).__name__)
print(type(x[0]).__name__, type(x[:, 1]).__name__, type(x.T).__name__, type(-x).__name__, type(x ** 2).__name__)
print(type(x @ x.t()).__name__, type(x == y).__name__, type(x.clone()).__name__, type(x.detach()).__name__)
print(type(x.to(torch.float64)).__name__, type(x.double()).__name__, type(x.float()).__name__)
print(type(torch.cat([y, x])).__name__, type(torch.stack([x, y])).__name__)
parts = x.unbind(0)
print(type(parts).__name__, [type(p).__name__ for p in parts])
chunks = x.split(1)
print(type(chunks).__name__, [type(p).__name__ for p in chunks])
m = x.max(1)
print(type(m).__name__, type(m.values).__name__, type(m.indices).__name__, m.values, m.indices)
print(x.shape, x.dtype, x.dim(), x.numel(), x.size(1), len(x), x.sum().item(), float(x[1, 1]), bool(x[0, 1]))
print(x.tolist(), [type(r).__name__ for r in x])
z = x.clone()
w = z.add_(1)
print(w is z, type(w).__name__, z)
z[0] = 7
z[1, 0] = torch.tensor(9.)
print(z)
print(repr(x * 2), str(x.sum()))
print(type(x.data).__name__, type(x.abs()).__name__)
print(isinstance(x, torch.Tensor), torch.is_tensor(x), type(torch.Tensor(x)).__name__)
