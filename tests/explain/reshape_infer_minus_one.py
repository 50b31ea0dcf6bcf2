# explain case: -1 is inferred by infer_size.
# `minaten explain reshape_infer_minus_one.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_infer_minus_one.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_infer_minus_one.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(-1, 8)
trace_off()
print(r.shape, r.stride())
