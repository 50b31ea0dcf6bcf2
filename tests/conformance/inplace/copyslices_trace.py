# what CopySlices runs in backward (trace_on): a tensor of the base's
# geometry, the copy of the gradient, the slice, a contiguous clone for the
# in-place node, the copy back
import torch
x = torch.ones(2, 3, requires_grad=True)
y = x * 2
y[0].mul_(3)
s = y.sum()
trace_on()
s.backward()
trace_off()
print(x.grad)
