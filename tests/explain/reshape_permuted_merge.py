# explain case: a permuted tensor merged inside one chunk (the Note's example).
# `minaten explain reshape_permuted_merge.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_permuted_merge.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_permuted_merge.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
p = a.permute(2, 0, 1)
trace_on()
r = p.reshape(4, 6)
trace_off()
print(r.shape, r.stride())
