# softmax and log_softmax (issue 34): _softmax/_log_softmax and their
# backward formulas as 1.13's structured CPU kernels compute them, bit for
# bit (the last dimension and other dimensions, float and double, the
# scalar tails of the loops over another dimension), the composite
# softmax.int/log_softmax.int with dtype=, their out= forms, the errors in
# 1.13's order, gradients, traces, and torch.nn.functional's forms.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for shape, dim in (((7,), 0), ((3, 11), 1), ((3, 11), 0), ((2, 5, 19), 1), ((4, 9, 3), 1), ((2, 3, 4, 10), 2)):
        x = torch.randn(shape, dtype=dtype) * 4
        g = torch.randn(shape, dtype=dtype)
        y = torch.softmax(x, dim)
        ly = torch.log_softmax(x, dim)
        print(dtype, shape, dim)
        print(y.flatten().tolist())
        print(ly.flatten().tolist())
        print(torch._softmax_backward_data(g, y, dim, dtype).flatten().tolist())
        print(torch._log_softmax_backward_data(g, ly, dim, dtype).flatten().tolist())

x = torch.arange(6.).reshape(2, 3)
show(torch.softmax(torch.tensor(2.), 0))
show(torch.log_softmax(torch.tensor(2.), -1))
show(torch.softmax(torch.empty(0, 3), 1))
show(x.softmax(1, dtype=torch.float64))
show(x.log_softmax(dim=0))
show(torch.softmax(x, -1, torch.float64))
show(torch.softmax(torch.tensor([[1., float("nan"), 2.], [float("inf"), 1., 0.]]), 1))
show(torch.log_softmax(torch.tensor([[-float("inf"), 1., 0.]]), 1))
show(torch.softmax(x.t(), 1))
# out=
o = torch.empty(0)
r = torch.softmax(x, 1, out=o)
show(o)
o = torch.empty(3, 2).t()
r = torch.softmax(x, 1, out=o)
show(o)
o = torch.empty(3, 2).t()
r = torch.ops.aten._softmax.out(x, 1, False, out=o)
show(o)
r = torch.log_softmax(x, 1, dtype=torch.float64, out=torch.empty(0))
r = torch.ops.aten._log_softmax.out(x, 1, False, out=torch.empty(0, dtype=torch.float64))
o = torch.empty(5)
r = torch.ops.aten._softmax_backward_data.out(x, x.softmax(0), 0, torch.float32, grad_input=o)
show(o)
# errors
n = torch.arange(6).reshape(2, 3)
r = torch.softmax(n, 1)
r = torch.softmax(n, 0)
r = torch.log_softmax(n, 1)
r = torch.log_softmax(n, 0)
r = torch.softmax(n.bool(), 1)
r = torch._softmax(x, 1, True)
r = torch._softmax(x, 2, False)
r = torch.softmax(torch.tensor(2.), 1)
r = torch.softmax(x)
r = torch._softmax_backward_data(n, n, 1, torch.long)
r = torch._softmax_backward_data(n, n, 0, torch.long)
r = torch._log_softmax_backward_data(n, n, 1, torch.long)
r = torch._log_softmax_backward_data(n, n, 0, torch.long)
r = torch._softmax_backward_data(x, x[:1], 1, torch.float32)
r = torch._softmax_backward_data(x, x.double(), 1, torch.float32)
r = torch._softmax_backward_data(x, x, 3, torch.float32)
# gradients and traces
a = torch.randn(2, 3, requires_grad=True)
trace_on()
y = torch.softmax(a, 1)
print(y.grad_fn.name())
y.sum().backward()
b = torch.log_softmax(a.t(), 1, dtype=torch.float64)
print(b.grad_fn.name())
b.sum().backward()
trace_off()
print(a.grad.tolist())
print(torch.autograd.grad(torch.log_softmax(a, 0)[0, 1], a)[0].tolist())
# torch.nn.functional
trace_on()
show(F.softmax(x, dim=1))
show(F.log_softmax(x, 0))
show(F.softmax(x, 1, dtype=torch.float64))
show(F.log_softmax(x, dim=1, dtype=torch.float64))
trace_off()
show(F.softmax(x))
show(F.log_softmax(torch.ones(2, 2, 2)))
