# explain case: a transposed tensor whose dimension is split: still a view.
# `minaten explain reshape_transposed_split.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_transposed_split.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_transposed_split.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
t = a.transpose(1, 2)
trace_on()
r = t.reshape(2, 2, 2, 3)
trace_off()
print(r.shape, r.stride())
