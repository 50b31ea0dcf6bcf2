# explain case: a contiguous tensor reshaped: one chunk, a view (_reshape_alias).
# `minaten explain reshape_contiguous_alias.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_contiguous_alias.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_contiguous_alias.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(6, 4)
trace_off()
print(r.shape, r.stride())
