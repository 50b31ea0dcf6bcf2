# a library that replaces aten::sub.Tensor's CPU kernel (TORCH_LIBRARY_IMPL(aten, CPU, m)):
# every route to that operator on CPU now runs it; other operators and keys keep theirs
import torch
a = torch.tensor([5., 7.])
b = torch.tensor([1., 2.])
print(a - b)
torch.ops.load_library("liboverride.so")
print(a - b)
print(torch.sub(a, b, alpha=2))
print(a.sub(b))
print(torch.ops.aten.sub.Tensor(a, b))
print(torch.sub(a, 1))
print(torch.rsub(a, b))
c = a.clone()
c.sub_(b)
print(c)
print(torch.sub(torch.tensor([5, 7]), torch.tensor([1, 2])))
trace_on()
d = a - b
trace_off()
# a composite that calls sub.Tensor below the autograd key
q = torch.quantize_per_tensor(a, 0.5, 0, torch.quint8)
torch.sub(q, q)
