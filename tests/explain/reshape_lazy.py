# explain case: a lazy tensor: reshape takes view (traced as view_copy).
# `minaten explain reshape_lazy.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_lazy.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_lazy.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
l = a.to('lazy')
trace_on()
r = l.reshape(6, 4)
trace_off()
print(r.shape, r.stride())
