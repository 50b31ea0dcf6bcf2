# Corners of argument parsing: numpy scalars as ints and numbers, torch.Size and tuples as sizes, varargs with keywords, devices, requires_grad= of factories, Generator? = None, dtype given as a Python type
import torch
import numpy as np
a = torch.arange(6.).reshape(2, 3)
print(a.view(np.int64(3), 2).shape, a.select(0, np.int32(1)), torch.zeros(np.int64(2)).shape, a.add(np.float64(0.5)).sum(), a.mul(np.int64(2)).sum())
print(a.view(torch.Size([3, 2])).shape, a.reshape((3, 2)).shape, a.permute(1, 0).shape, a.permute(dims=(1, 0)).shape, a.expand(2, 2, 3).shape)
print(torch.zeros(2, 3, dtype=torch.int64).dtype, torch.ones((2,), device="cpu").dtype, torch.ones(2, device=torch.device("cpu")).dtype, torch.zeros(2, device="cpu:0").shape)
print(torch.zeros(2, requires_grad=False).shape, torch.zeros(2, dtype=float).dtype, torch.full((2,), 1, dtype=bool).dtype, torch.arange(3, dtype=int).dtype)
print(torch.empty(2, 3).shape, torch.empty((2, 3), memory_format=torch.contiguous_format).shape)
a.view(2, 3, foo=1)
a.view(2, 3, size=1)
a.view(size=(3, 2), dtype=torch.float32)
torch.zeros(2, dtype=torch.int64, requires_grad=True)
torch.zeros(2, device="cuda:0")
torch.zeros(2, device="bogus")
torch.zeros(2, layout=torch.strided).shape
torch.zeros(2, layout=1)
torch.zeros(2, memory_format=torch.contiguous_format)
torch.zeros(2, pin_memory=None).shape
torch.zeros(2, generator=None)
a.view(np.float64(3.0), 2)
a.sum(np.int64(0))
a.sum(dim=np.int64(1))
print(a.sum(np.int64(0)).shape if False else a.sum(dim=1).shape, a.transpose(np.int64(0), 1).shape, a.narrow(np.int64(1), 0, 2).shape)
print(torch.full((2,), np.float32(1.5)).dtype, torch.full((2,), np.bool_(True)).dtype, a.clamp(np.float64(1.0)).sum())
print(torch.unique.__name__, torch.unique_consecutive.__name__, torch.nn.functional.max_pool2d.__name__)
print(torch.unique(torch.tensor([2, 1, 2]), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([2, 2, 1]), False, return_counts=True))
