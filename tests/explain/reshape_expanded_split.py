# explain case: an expanded tensor's broadcast dimension split: a view with stride 0.
# `minaten explain reshape_expanded_split.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_expanded_split.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_expanded_split.out, recorded).
import torch
e = torch.arange(3.).expand(4, 3)
trace_on()
r = e.reshape(2, 2, 3)
trace_off()
print(r.shape, r.stride())
