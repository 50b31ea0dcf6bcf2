# explain case: expand with -1: the size is kept.
# `minaten explain expand_minus_one.py:LINE` (LINE: the line after trace_on()) tells
# why; expand_minus_one.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (expand_minus_one.out, recorded).
import torch
c = torch.arange(3.).reshape(3, 1)
trace_on()
r = c.expand(-1, 4)
trace_off()
print(r.shape, r.stride())
