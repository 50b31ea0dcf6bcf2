# trace_on(): an in-place op on a view of a non-leaf (the view, the write,
# no extra copy for add_), and the backward through CopySlices for add_
import torch
x = torch.ones(2, 2, requires_grad=True)
y = x * 3
v = y[1]
trace_on()
v.add_(2)
trace_off()
s = y.sum()
trace_on()
s.backward()
trace_off()
print(x.grad)
