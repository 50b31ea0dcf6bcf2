# Type promotion and shape checks in a structured operator's default kernel with quantized operands: result_type keeps a quantized type against Python ints and 0-dim integer tensors (then the cast fails in empty_strided), promoteTypes refuses it beside any other type, an in-place form checks the broadcast shape first
import torch
q = torch.quantize_per_tensor(torch.tensor([1.0, 2.0, 3.0]), 0.1, 0, torch.quint8)
q0 = torch.quantize_per_tensor(torch.tensor(1.0), 0.1, 0, torch.quint8)
torch.tensor(1.) + q
torch.tensor(1) + q
q + torch.tensor(1.)
q + torch.tensor(True)
torch.ones(3) + q0
torch.ones(3, dtype=torch.long) + q0
q0 + torch.ones(3, dtype=torch.long)
q0 + 1
q0 + 1.5
q.pow(torch.tensor(2))
q.pow(2.5)
q.pow(True)
torch.ones(3).add_(q)
torch.ones(3).mul_(q0)
q.add_(torch.tensor(2))
q.pow_(2.5)
q.pow_(2)
q = torch.quantize_per_tensor(torch.tensor([1.0, 2.0, 3.0]), 0.1, 0, torch.quint8)
q2 = torch.quantize_per_tensor(torch.ones(2, 3), 0.1, 0, torch.quint8)
qi = torch.quantize_per_tensor(torch.tensor([1.0, 2.0, 3.0]), 0.1, 0, torch.qint8)
q.mul_(q2)
q2.mul_(q)
q * qi
q.add_(qi)
q.sum(dtype=torch.float)
q.sum(0, dtype=torch.float)
q.argmax(5)
q.mul(q2)
q + torch.tensor(1)
q.exp_().dtype
torch.mm(q, q)
q.t_().exp()
q.add(q, alpha=2)
q.add(1, alpha=2.5)
q.pow(2.5)
q.clamp_(min=q)
q.index_add_(0, torch.tensor([0]), q)
q.remainder_(q)
q.div_(2)
q.sub_(q2)
