# What PyTorch's own test files (tools/pytorch-tests) reach for beyond operators: torch's math constants, torch._utils._element_size, the transpose/movedim aliases as functions and methods
import torch
import math
print(torch.nan is math.nan, torch.inf, torch.pi, torch.e, -torch.inf)
nan, inf = torch.nan, torch.inf
print(nan != nan, inf > 1e308)
print(torch._utils._element_size(torch.float64), torch._utils._element_size(torch.float32), torch._utils._element_size(torch.int16), torch._utils._element_size(torch.uint8), torch._utils._element_size(torch.bool), torch._utils._element_size(torch.int64))
torch._utils._element_size(3)
torch._utils._element_size("float32")
a = torch.arange(24.).reshape(2, 3, 4)
print(torch.swapdims(a, 0, 1).shape, a.swapdims(-1, 0).stride(), torch.moveaxis(a, 0, 2).shape, a.moveaxis((0, 1), (1, 0)).stride())
print(torch.swapdims(a, dim0=2, dim1=0).shape, torch.moveaxis(a, source=1, destination=0).shape)
print(a.clone().swapdims_(0, 2).shape, a.clone().swapaxes_(1, 2).stride())
torch.swapdims(a, 0)
a.swapdims_(0, 5)
torch.moveaxis(a, 0, 1, 2)
b = torch.arange(6.)
v = b[2:].view(2, 2)
print(type(b.storage()), type(b._storage()))
print(b.storage().data_ptr() == v.storage().data_ptr(), b.storage().data_ptr() == b.data_ptr(), v.data_ptr() - v.storage().data_ptr())
print(len(b.storage()), b.storage().size(), b.storage().nbytes(), b.storage().element_size(), b.storage().dtype, b.storage().device)
print(len(b._storage()), b._storage().size(), b._storage().nbytes(), b._storage().element_size(), b._storage().device)
i = torch.zeros(3, 2, dtype=torch.int16)
print(i.storage().size(), i.storage().nbytes(), i.storage().element_size(), i.storage().dtype, torch.zeros(0).storage().size())
o = torch.ones(5, 5)
print(o.t().storage().data_ptr() == o.storage().data_ptr(), o.clone().storage().data_ptr() != o.storage().data_ptr(), o.t().contiguous().storage().data_ptr() != o.storage().data_ptr())
print(b._storage() is b._storage(), b.storage() is b.storage())
e = b.expand(3, 6)
print(e.storage().size(), e.storage().data_ptr() == b.storage().data_ptr())
q = torch.quantize_per_tensor(torch.tensor([1.0, 2.0]), 0.5, 0, torch.quint8)
print(q.storage().size(), q.storage().dtype, q.storage().element_size())
import warnings
def warned(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = f()
    return [str(x.message) for x in w], r
y = torch.ones(3, 2)
m = torch.tensor([1, 0, 1], dtype=torch.uint8)
print(warned(lambda: y[m]))
print(warned(lambda: y.index_put_((m,), torch.zeros(2, 2), accumulate=True)))
print(warned(lambda: y.index_put_((m,), torch.tensor(5.))))
print(warned(lambda: y[torch.tensor([True, False, True])].shape))
print(warned(lambda: torch.zeros(3).index_put((torch.tensor([1, 0, 1], dtype=torch.uint8),), torch.tensor(2.), accumulate=True)))
