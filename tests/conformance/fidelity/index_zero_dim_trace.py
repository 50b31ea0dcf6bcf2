# a 0-dim integer tensor as an index is read with item() first (aten::_local_scalar_dense), then selects
import torch
a = torch.arange(12.).reshape(3, 4)
i = torch.tensor(1)
trace_on()
r1 = a[i]
r2 = a[i, 2]
r3 = a[1, i]
r4 = a[:, i]
r5 = a[i, torch.tensor([0, 1])]
a[i] = 5.
a[i, i] = 6.
r6 = a[torch.tensor(True)]
r8 = a[i, ...]
r9 = a[[i, 0]]
trace_off()
print(r1, r2, r3, r4, r5, r6.shape, r8, r9)
print(r1._base is a, r4._base is a)
r7 = a[torch.tensor(1, dtype=torch.int32)]
a[torch.tensor(0, dtype=torch.int32)] = 1.
a[torch.tensor(1.)] = 1.
