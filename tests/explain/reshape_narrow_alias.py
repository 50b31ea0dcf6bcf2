# explain case: a narrowed tensor: two chunks, a view.
# `minaten explain reshape_narrow_alias.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_narrow_alias.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_narrow_alias.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
n = a.narrow(2, 0, 2)
trace_on()
r = n.reshape(6, 2)
trace_off()
print(r.shape, r.stride())
