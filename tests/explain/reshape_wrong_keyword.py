# explain case: reshape's keyword is `shape`, so `size=` is refused by Python's
# argument parser (a TypeError) before anything runs; explain must say so and
# report that error, not tell a shape story (issue 29: it explained
# infer_size with a shape [3, 8] that holds the 24 elements perfectly well).
# `minaten explain reshape_wrong_keyword.py:LINE` (LINE: the line after trace_on())
# prints reshape_wrong_keyword.explain; the route it ends with must be the
# operators this script's trace shows under PyTorch 1.13 (reshape_wrong_keyword.out,
# recorded): none.
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.reshape(size=[3, 8])
trace_off()
