# What a TorchDispatchMode sees of writes through views of lazy tensors:
# the mode sits below the Functionalize key, so it sees the operators
# functionalization calls on the lazy values: a view's *_copy form, the
# functional form of a write, and, when a stale tensor is next read, the
# view replayed and the *_scatter that writes the base (a[1].mul_(2):
# select_copy.int, select_copy.int, mul.Tensor, then select_scatter when
# `a` is read).  Then gradients through views: the backward graph runs on
# lazy tensors too, its views and writes functionalized as well.
import torch
a = torch.zeros(3, 4, device="lazy")
trace_on()
b = a[1]
b.mul_(2)
c = a + 1
trace_off()
lazy_ir(c)
x = torch.arange(6.).reshape(2, 3).to("lazy").requires_grad_()
trace_on()
y = x * 1
y[0].mul_(3)
z = y.t()[1].sum()
z.backward()
trace_off()
lazy_ir(x.grad)
print(x.grad.cpu())
p = torch.arange(4.).to("lazy").requires_grad_()
q = p.view(2, 2).diagonal()
(q * q).sum().backward()
lazy_ir(p.grad)
print(p.grad.cpu())
