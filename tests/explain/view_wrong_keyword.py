# explain case: view's keyword is `size`; `shape=` fits neither of its two
# signatures (view(dtype), view(size)): Python's argument parser refuses the
# call with a TypeError before aten::view is dispatched, so the trace shows
# nothing and explain reports that error (view_wrong_keyword.explain), the
# route checked against PyTorch 1.13's trace (view_wrong_keyword.out, recorded).
import torch
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
r = a.view(shape=[3, 8])
trace_off()
