# explain case: contiguous() of a transposed tensor: a clone.
# `minaten explain contiguous_transposed.py:LINE` (LINE: the line after trace_on()) tells
# why; contiguous_transposed.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (contiguous_transposed.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
t = a.transpose(0, 1)
trace_on()
r = t.contiguous()
trace_off()
print(r.shape, r.stride())
