# The IR of elementwise graphs: device_data for tensors moved in and for
# Python numbers (wrapped 0-dim tensors), attributes after the operands,
# ROOT on the root, post order (last operand first).
import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
b = torch.ones(2, 3).to("lazy")
lazy_ir(a)
h = (a + 1) * 2
lazy_ir(h)
s = (a * b).sub(a, alpha=2).exp()
lazy_ir(s)
c = a.double()
lazy_ir(c)
r = a.sum(1, keepdim=True)
lazy_ir(r)
m = a.mm(b.t())
lazy_ir(m)
x = a + b
y = x * x
lazy_ir(y)
show(y)
lazy_ir(y)
