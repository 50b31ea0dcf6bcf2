# explain case: size-1 dimensions with odd strides do not matter.
# `minaten explain contiguous_size_one_strides.py:LINE` (LINE: the line after trace_on()) tells
# why; contiguous_size_one_strides.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (contiguous_size_one_strides.out, recorded).
import torch
w = torch.arange(4.).as_strided((2, 1, 2), (2, 99, 1))
trace_on()
r = w.contiguous()
trace_off()
print(r.shape, r.stride())
