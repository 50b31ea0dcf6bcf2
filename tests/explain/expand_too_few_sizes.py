# explain case: expand with fewer sizes than dimensions: refused.
# `minaten explain expand_too_few_sizes.py:LINE` (LINE: the line after trace_on()) tells
# why; expand_too_few_sizes.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (expand_too_few_sizes.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.expand(3, 4)
trace_off()
