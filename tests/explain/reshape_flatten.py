# explain case: all dimensions into one: reshape(-1).
# `minaten explain reshape_flatten.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_flatten.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_flatten.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(-1)
trace_off()
print(r.shape, r.stride())
