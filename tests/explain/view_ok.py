# explain case: view of a contiguous tensor.
# `minaten explain view_ok.py:LINE` (LINE: the line after trace_on()) tells
# why; view_ok.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (view_ok.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.view(4, 6)
trace_off()
print(r.shape, r.stride())
