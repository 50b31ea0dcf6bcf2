# explain case: size-1 dimensions inserted: they take any stride.
# `minaten explain reshape_insert_ones.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_insert_ones.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_insert_ones.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(2, 1, 12, 1)
trace_off()
print(r.shape, r.stride())
