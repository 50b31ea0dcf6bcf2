# NumPy round trips and DLPack: t.numpy() and torch.from_numpy share memory
# (writes seen both ways), torch.tensor(np.array) and torch.as_tensor copy or
# share, np.asarray(t), NumPy's ufuncs and functions applied to tensors, the
# dtypes each side maps to the other's, and torch.from_dlpack of NumPy arrays
# and of tensors.
import numpy as np
import torch

t = torch.arange(6.).reshape(2, 3)
a = t.numpy()
print(type(a).__name__, a.dtype, a.shape, a.strides, a.flags["C_CONTIGUOUS"], a.flags["WRITEABLE"])
a[0, 1] = 100.0
print(t)
t[1].mul_(-1)
print(a)
print(np.shares_memory(a, t.numpy()), t.numpy().base is not None)
tt = t.t()
print(tt.numpy().strides, tt.numpy().flags["F_CONTIGUOUS"])
n = np.array([[1, 2], [3, 4]], dtype=np.int32)
f = torch.from_numpy(n)
print(f, f.dtype, f.stride())
n[1, 1] = 40
f[0, 0] = 10
print(n.tolist(), f.tolist())
print(f.numpy() is n, np.shares_memory(f.numpy(), n))
c = torch.tensor(n)
n[0, 1] = -2
print(c, c.dtype)
s = torch.as_tensor(n)
n[0, 0] = 7
print(s[0, 0].item(), torch.as_tensor(n, dtype=torch.float64))
print(torch.tensor(np.array([1.5, 2.5])), torch.tensor(np.float32(3.5)), torch.tensor(np.int64(4)))
print(torch.tensor([np.float64(1.0), np.float64(2.0)]), torch.tensor(np.array(7)))
print(torch.ones(2) * np.float64(2.5), (torch.ones(2) * np.float64(2.5)).dtype)
print(torch.ones(2, dtype=torch.int32) + np.int64(3))
print(torch.full((2,), np.int16(3)))
x = torch.tensor([[1.0, 4.0], [9.0, 16.0]])
print(np.asarray(x), np.asarray(x).dtype)
print(np.sqrt(x), type(np.sqrt(x)).__name__)
print(np.add(x, 1), np.maximum(x, 5.0), np.square(x))
print(np.sum(x))
print(np.mean(x, axis=0))
print(np.array(x) + np.ones(2), np.array(x).base is None)
print(np.concatenate([x, x]).shape, np.stack([torch.ones(2), torch.zeros(2)]))
print(np.allclose(x, x.numpy()), np.array_equal(x, torch.tensor([[1.0, 4.0], [9.0, 16.0]])))
print(np.asarray(torch.tensor(2.5)), np.asarray(torch.tensor(2.5)).shape)
print(np.float64(torch.tensor(2.5)), int(np.int64(3) * torch.tensor(2)))
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8,
           torch.bool]:
    print(dt, torch.zeros(1, dtype=dt).numpy().dtype)
for npdt in [np.float32, np.float64, np.int64, np.int32, np.int16, np.int8, np.uint8, np.bool_]:
    print(np.dtype(npdt).name, torch.from_numpy(np.zeros(1, dtype=npdt)).dtype)
print(torch.from_numpy(np.zeros(2, dtype=np.uint16)))
print(torch.ones(2, requires_grad=True).numpy())
print(torch.ones(2, requires_grad=True).detach().numpy())
print(torch.from_numpy(np.arange(4)[::-1]))
d = np.arange(6, dtype=np.float32).reshape(2, 3)
dl = torch.from_dlpack(d)
print(dl, dl.dtype, dl.stride())
d[0, 0] = 42.0
print(dl[0, 0].item(), np.shares_memory(d, dl.numpy()))
print(torch.from_dlpack(np.arange(3)[::2]), torch.from_dlpack(np.arange(3)[::2]).stride())
print(torch.from_dlpack(np.array([True, False])))
print(torch.from_dlpack(np.float64(2.0)))
src = torch.arange(4, dtype=torch.int16)
back = torch.from_dlpack(src)
back[0] = 9
print(src, back.data_ptr() == src.data_ptr(), src.__dlpack_device__())
print(np.from_dlpack(src), np.from_dlpack(src).dtype)
print(type(src.__dlpack__()).__name__)
cap = src.__dlpack__()
print(torch.utils.dlpack.from_dlpack(cap))
print(torch.from_dlpack(cap))
print(torch.from_dlpack([1, 2]))
