# index assignment checks the value's dtype and the index tensors' dtypes
import torch
a = torch.zeros(4)
print(a[torch.tensor([0, 1], dtype=torch.int32)])
a[torch.tensor([0, 1], dtype=torch.int32)] = 5.
print(a)
a[torch.tensor([0., 1.])] = 5.
a[torch.tensor([0, 1], dtype=torch.int16)] = 5.
print(a[torch.tensor([0, 1], dtype=torch.int16)])
a[torch.tensor([0, 1])] = torch.tensor([1, 2])
a[torch.tensor([0, 1])] = torch.tensor(1, dtype=torch.int64)
a[torch.tensor([True, False, True, False])] = torch.tensor([1., 2.], dtype=torch.float64)
a[torch.tensor([0, 1])] = 7
print(a)
a.index_put_((torch.tensor([0, 1]),), torch.tensor([1, 2]))
a.index_put_((torch.tensor([0, 1], dtype=torch.int32),), torch.tensor([1., 2.]))
print(a)
print(a.index_put((torch.tensor([0, 1]),), torch.tensor([3., 4.]), accumulate=True))
print(a.index_put((torch.tensor([0, 1]),), torch.tensor([3, 4]), accumulate=True))
b = torch.zeros(2, 3)
b[0, torch.tensor([0, 1])] = torch.tensor([1, 2])
b[:, 0] = torch.tensor([1, 2])
print(b)
b[torch.tensor([0, 1]), 0] = torch.tensor([1, 2], dtype=torch.int32)
b[torch.tensor([0, 1]), 0] = torch.tensor([1, 2, 3], dtype=torch.int32)
i = torch.zeros(3, dtype=torch.long)
i[torch.tensor([0])] = torch.tensor([1.5])
i[torch.tensor([0])] = 2.5
print(i)
print(torch.zeros(3).index_put_((torch.tensor([5]),), torch.tensor([1])))
