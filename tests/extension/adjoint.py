# an operator added by one YAML entry and one kernel: callable, traceable, with PyTorch's error
import torch
a = torch.arange(6.).reshape(2, 3)
trace_on()
b = a.adjoint()
c = torch.adjoint(torch.arange(24.).reshape(2, 3, 4))
trace_off()
show(b)
show(c)
same_storage(a, b)
torch.arange(3.).adjoint()
print(torch.ops.aten.adjoint(a).shape)
show(torch.zeros(()).adjoint())
