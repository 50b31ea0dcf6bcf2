# explain case: expand: size-1 and new leading dimensions broadcast.
# `minaten explain expand_ok.py:LINE` (LINE: the line after trace_on()) tells
# why; expand_ok.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (expand_ok.out, recorded).
import torch
c = torch.arange(3.).reshape(3, 1)
trace_on()
r = c.expand(2, 3, 4)
trace_off()
print(r.shape, r.stride())
