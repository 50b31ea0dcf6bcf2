# explain case: a transposed tensor merged across chunks: clone + _unsafe_view.
# `minaten explain reshape_transposed_copy.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_transposed_copy.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_transposed_copy.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
t = a.transpose(0, 1)
trace_on()
r = t.reshape(3, 8)
trace_off()
print(r.shape, r.stride())
