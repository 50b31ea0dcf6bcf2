# explain case: as_strided with overlapping windows (stride 1 < size).
# `minaten explain as_strided_overlapping.py:LINE` (LINE: the line after trace_on()) tells
# why; as_strided_overlapping.explain is its output (minaten's own prose), and the route it
# ends with must be the operators this script's trace shows under PyTorch 1.13
# (as_strided_overlapping.out, recorded).
import torch
x = torch.arange(6.)
trace_on()
r = x.as_strided((3, 4), (1, 1))
trace_off()
print(r.shape, r.stride())
