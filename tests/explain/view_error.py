# explain case: view where reshape would copy: 1.13's error.
# `minaten explain view_error.py:LINE` (LINE: the line after trace_on()) tells
# why; view_error.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (view_error.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
t = a.transpose(0, 1)
trace_on()
r = t.view(3, 8)
trace_off()
