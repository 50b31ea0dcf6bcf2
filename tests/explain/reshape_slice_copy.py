# explain case: a sliced tensor flattened across a gap: a copy.
# `minaten explain reshape_slice_copy.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_slice_copy.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_slice_copy.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
s = a[:, 1:]
trace_on()
r = s.reshape(16)
trace_off()
print(r.shape, r.stride())
