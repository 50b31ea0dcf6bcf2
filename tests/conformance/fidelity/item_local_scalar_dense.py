# every read of a tensor as a Python number is aten::_local_scalar_dense
import torch
q = torch.quantize_per_tensor(torch.tensor([1.0]), 0.5, 0, torch.quint8)
l = torch.tensor([2.5]).to("lazy")
trace_on()
print(l.item())
print(float(l))
print(torch.tensor(3).item(), torch.tensor(True).item(), torch.tensor(2.5, dtype=torch.float64).item())
print(q.item())
trace_off()
print(torch.ops.aten._local_scalar_dense(torch.tensor([7])))
print(torch.ops.aten._local_scalar_dense(torch.tensor([7, 8])))
print(torch.ones(2).item())
print(torch.ones(0).item())
