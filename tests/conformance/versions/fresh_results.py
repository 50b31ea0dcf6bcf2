# a new tensor starts at version 0, though its kernel may have written it in
# place: torch.X factories run below ADInplaceOrView (1.13's torch::
# variable factories), and so do the kernels below an Autograd kernel;
# torch.ops.aten.full, which has neither, is at version 1
import torch
x = torch.ones(2, 3)
print(torch.ones(2)._version, torch.zeros(2)._version, torch.full((2,), 3.)._version, torch.empty(2)._version)
print(torch.arange(3)._version, torch.arange(1, 3)._version, torch.arange(0, 3, 2)._version, torch.eye(2)._version)
print(torch.zeros_like(x)._version, torch.ones_like(x)._version, torch.full_like(x, 2)._version, torch.empty_like(x)._version)
print(x.new_zeros(3)._version, x.new_empty(3)._version, torch.tensor([1, 2])._version, torch.scalar_tensor(2)._version)
print(torch.ones(2, requires_grad=True)._version, torch.zeros(2, 2).t()._version, torch.ones(3).add_(1)._version)
print(x.to(torch.float64)._version, x.clone()._version, x.contiguous()._version, x.t().contiguous()._version)
print((x + 1)._version, x.sum()._version, torch.cat([x, x])._version, x.repeat(2, 1)._version, x.flip(0)._version)
print(x.masked_fill(x > 0, 2)._version, torch.index_put(x, (torch.tensor([0]),), torch.tensor(5.))._version)
print(x.argmax()._version, (x > 0)._version, x.eq(1)._version, torch.logical_and(x > 0, x > 1)._version)
print(x.matmul(x.t())._version, x.clamp(0, 1)._version, x.index_select(0, torch.tensor([1]))._version)
print(torch.ops.aten.ones([2])._version, torch.ops.aten.full([2], 1.)._version, torch.ops.aten.zeros_like(x)._version)
q = torch.quantize_per_tensor(torch.ones(2), 0.1, 0, torch.quint8)
print(q._version, q.int_repr()._version, q.dequantize()._version)
