# torch.NAME and Tensor.NAME as Python objects: their types, names and reprs, one object per name, identity of what they return
import torch
a = torch.arange(6.).reshape(2, 3)
print(type(torch.add).__name__, torch.add.__name__, torch.add.__module__, torch.add is torch._C._VariableFunctions.add)
print(torch.Tensor.add, torch.Tensor.__add__, torch.Tensor.add.__name__, torch.Tensor.add.__qualname__)
print(torch.Tensor.neg is torch.Tensor.neg, torch.Tensor.__neg__ is torch.Tensor.neg, torch.Tensor.__abs__ is torch.Tensor.abs)
print(a.contiguous() is a, a.to(torch.float32) is a, a.to(a) is a, a.type(torch.float32) is a, a.float() is a, a.cpu() is a)
print(a.t().contiguous() is a.t(), a.to(torch.float64) is a, a.double().dtype, a.view(6) is a)
print(torch.is_tensor(a), torch.is_tensor(1), torch.numel(a), torch.get_default_dtype())
b = a.add_(1)
print(b is a, a.mul_(2) is a, a.zero_() is a)
torch.Tensor.add(1, a)
torch.Tensor.add()
torch.Tensor.neg()
a.neg(1)
a.neg(x=1)
m = a.neg
m(1)
m(x=2)
print(m().shape, type(m.__self__).__name__, m.__name__)
torch.foo
torch.Tensor.foo
a.foo
torch.numel(1)
torch.numel()
