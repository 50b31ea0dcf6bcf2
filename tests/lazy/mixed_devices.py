# Mixing a lazy tensor with a CPU tensor that is not 0-dim: PyTorch 1.13
# aborts the process (a failed internal check), or for an operator of its
# eager fallback with a CPU tensor first (where) returns a CPU value in a
# lazy wrapper; minaten raises and goes on.  Writing a lazy tensor into a
# CPU one (c.add_(a), c.copy_(a), an index_put_ with a lazy value or index)
# fails in the Functionalize kernel, in 1.13 as an internal assert whose
# message minaten gives without its prefix ('false INTERNAL ASSERT FAILED at
# "./build/aten/src/ATen/RegisterFunctionalization_N.cpp":LINE, please report
# a bug to PyTorch. ', the place in 1.13's generated file).  (With a lazy
# tensor first the fallback takes CPU operands, and an out= form may have
# only its outs lazy: tests/conformance/lazy/cpu_operands.py.)
import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
c = torch.ones(2, 3)
x = a + c
x = c * a
x = torch.cat([a, c])
x = a.mm(c.t())
x = torch.where(c > 2, c, a)
a.add_(c)
show(a)
c.add_(a)
show(c)
x = a + torch.tensor(1.)
show(x)
x = torch.quantize_per_tensor(a, 0.5, 0, torch.quint8)
x = a.dequantize()
c.copy_(a + 1)
show(c)
a[0] = torch.tensor([7., 8., 9.])
show(a)
# a CPU tensor written through index_put_ with a lazy value or a lazy index:
# the same error
b = torch.ones(3)
b[[0, 1, 0]] = torch.ones(3).to("lazy")
b[b > 0] = torch.ones(3).to("lazy")
b[torch.tensor([0, 1])] = torch.tensor(5.).to("lazy")
b.index_put_((torch.tensor([0]).to("lazy"),), torch.tensor(2.))
b.index_put_((torch.tensor([0]).to("lazy"),), torch.tensor(2.), accumulate=True)
torch.ops.aten.index_put_(b, [torch.tensor([True, False, True]).to("lazy")], torch.tensor(2.))
show(b)
s = torch.tensor(1.)
s[...] = torch.tensor(3.).to("lazy")
show(s)
