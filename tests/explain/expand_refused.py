# explain case: expand of a dimension that is not 1: refused.
# `minaten explain expand_refused.py:LINE` (LINE: the line after trace_on()) tells
# why; expand_refused.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (expand_refused.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.expand(2, 5, 4)
trace_off()
