# explain case: a shape that cannot hold the elements: infer_size refuses.
# `minaten explain reshape_bad_shape.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_bad_shape.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_bad_shape.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(5, -1)
trace_off()
