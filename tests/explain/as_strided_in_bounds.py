# explain case: as_strided inside the storage: which elements it reads.
# `minaten explain as_strided_in_bounds.py:LINE` (LINE: the line after trace_on()) tells
# why; as_strided_in_bounds.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (as_strided_in_bounds.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.as_strided((2, 2), (1, 2), 1)
trace_off()
print(r.shape, r.stride())
