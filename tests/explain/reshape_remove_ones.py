# explain case: size-1 dimensions removed: they never break a chunk.
# `minaten explain reshape_remove_ones.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_remove_ones.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_remove_ones.out, recorded).
import torch
b = torch.arange(6.).reshape(1, 2, 1, 3)
b = b.transpose(0, 2)
trace_on()
r = b.reshape(2, 3)
trace_off()
print(r.shape, r.stride())
