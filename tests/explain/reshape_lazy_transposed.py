# explain case: a transposed lazy tensor: its strides are a fresh tensor's.
# `minaten explain reshape_lazy_transposed.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_lazy_transposed.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_lazy_transposed.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
l = a.to('lazy').transpose(0, 1)
trace_on()
r = l.reshape(3, 8)
trace_off()
print(r.shape, r.stride())
