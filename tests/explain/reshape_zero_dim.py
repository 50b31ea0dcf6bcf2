# explain case: a 0-dim tensor: every new dimension gets stride 1.
# `minaten explain reshape_zero_dim.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_zero_dim.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_zero_dim.out, recorded).
import torch
s = torch.tensor(5.)
trace_on()
r = s.reshape(1, 1)
trace_off()
print(r.shape, r.stride())
