# explain case: a tensor with no element is contiguous whatever its strides.
# `minaten explain contiguous_empty.py:LINE` (LINE: the line after trace_on()) tells
# why; contiguous_empty.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (contiguous_empty.out, recorded).
import torch
z = torch.zeros(3, 0).t()
trace_on()
r = z.contiguous()
trace_off()
print(r.shape, r.stride())
