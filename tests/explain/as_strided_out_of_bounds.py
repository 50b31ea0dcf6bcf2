# explain case: as_strided past the storage's end: refused.
# `minaten explain as_strided_out_of_bounds.py:LINE` (LINE: the line after trace_on()) tells
# why; as_strided_out_of_bounds.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (as_strided_out_of_bounds.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.as_strided((2, 2), (1, 20), 10)
trace_off()
