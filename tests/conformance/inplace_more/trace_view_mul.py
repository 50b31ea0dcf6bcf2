# trace_on(): mul_ by a tensor through a view of a non-leaf (a clone of the
# old slice saved), and the backward through CopySlices for it
import torch
x = torch.ones(3, requires_grad=True)
w = torch.tensor([2., 3.], requires_grad=True)
y = x * 1
trace_on()
y[1:].mul_(w)
trace_off()
s = y.sum()
trace_on()
s.backward()
trace_off()
print(x.grad, w.grad)
