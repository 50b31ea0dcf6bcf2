# The random operators through torch.ops: a torch.Generator as generator=,
# overload resolution of a packet (a tensor that is not a float is no
# match for `float std`, as the JIT's cast fails), and dtypes returned as
# c10's numbers.
import torch

t = torch.ones(2, 3)
print(torch.ops.aten.normal(t, t).shape)
torch.ops.aten.normal.Tensor_float(t, t)
print(torch.ops.aten.normal.Tensor_float(t, torch.tensor(2.0)).shape)
g = torch.Generator().manual_seed(3)
print(torch.ops.aten.randn.generator([2], generator=g), torch.ops.aten.rand.generator([2], generator=g))
print(torch.ops.aten.normal_(torch.zeros(3), 1.0, 2.0, generator=g))
torch.ops.aten.randn.generator([2], generator=5)
print(torch.ops.aten.result_type(t, 1.0), torch.ops.aten.promote_types(torch.int32, torch.float64))
print(torch.ops.aten.result_type(torch.ones(1, dtype=torch.bool), True), torch.ops.aten.promote_types(4, 6))
print(torch.ops.aten.randint.low(0, 5, [3], dtype=6).dtype)
