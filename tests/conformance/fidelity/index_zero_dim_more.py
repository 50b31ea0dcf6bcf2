# 0-dim index tensors of other dtypes: int32 reads as a number, uint8 is a mask, float is refused
import torch
a = torch.arange(12.).reshape(3, 4)
trace_on()
r7 = a[torch.tensor(1, dtype=torch.int32)]
trace_off()
trace_on()
a[torch.tensor(0, dtype=torch.int32)] = 1.
trace_off()
print(a)
trace_on()
a[torch.tensor(1.)] = 2.
trace_off()
print(a)
trace_on()
a[torch.tensor(2, dtype=torch.uint8)] = 3.
trace_off()
print(a)
r = a[torch.tensor(2, dtype=torch.int16), 1]
print(r)
a[torch.tensor(1), torch.tensor(1)] = 9.
print(a)
a[torch.tensor(False)] = 7.
print(a)
