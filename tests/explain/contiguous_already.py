# explain case: contiguous() of a contiguous tensor: self.
# `minaten explain contiguous_already.py:LINE` (LINE: the line after trace_on()) tells
# why; contiguous_already.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (contiguous_already.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.contiguous()
trace_off()
print(r.shape, r.stride())
