# explain case: no element, same shape: the old strides stay.
# `minaten explain reshape_empty_same_shape.py:LINE` (LINE: the line after trace_on()) tells
# why; reshape_empty_same_shape.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (reshape_empty_same_shape.out, recorded).
import torch
z = torch.zeros(4, 0, 3).transpose(0, 2)
trace_on()
r = z.reshape(3, 0, 4)
trace_off()
print(r.shape, r.stride())
