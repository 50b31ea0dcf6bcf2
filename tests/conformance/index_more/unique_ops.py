# torch.unique / Tensor.unique (aten::_unique2 without dim, aten::unique_dim
# with it), torch.unique_consecutive / Tensor.unique_consecutive
# (aten::unique_consecutive; unique_dim_consecutive by hand): sorted and
# unsorted orders (std::unordered_set's, bfloat16 hashed by its bits), the
# inverse and counts (NaN: its own value, inverse 0, count 0), the tuples
# 1.13's boolean_dispatch returns (flags by keyword and by position), dims
# (1.13 transposes, so the slices compare in the transposed order and the
# result is non-contiguous), NaN rows, empty and 0-dim inputs, dtype
# errors, traces and the gradient 1.13 does not implement.
import torch

nan = float('nan')
a = torch.tensor([3, 1, 2, 1, 3])
print(torch.unique(a), a.unique(sorted=False), torch.unique(a, return_inverse=True))
print(torch.unique(a, return_counts=True), a.unique(return_inverse=True, return_counts=True))
print(torch.unique(a, True, True), torch.unique(a, True, False, True), torch.unique(a, False, True, True, None))
print(torch.unique(torch.arange(20) % 7 * 5, sorted=False, return_inverse=True, return_counts=True))
print(torch.unique(torch.arange(30).flip(0), sorted=False, return_counts=True))
f = torch.tensor([1., 0., -0., 2.5, nan, nan, 1., 1e30, -3.25, 0.1])
for dt in [torch.float32, torch.float64]:
    print(torch.unique(f.to(dt), sorted=False, return_inverse=True, return_counts=True))
    print(torch.unique(f.to(dt), return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([nan, nan, 1., 1., nan]), return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([1., 2, 1, 3.5]).bfloat16(), sorted=False), torch.unique(torch.arange(20.).bfloat16(), sorted=False))
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32]:
    print(torch.unique(torch.tensor([3, 1, 3, 0, 1, 120, 15, 28]).to(dt), sorted=False, return_counts=True))
print(torch.unique(torch.tensor([True, False, True]), sorted=False, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor(5), return_inverse=True, return_counts=True), torch.unique(torch.tensor([]), return_inverse=True, return_counts=True))
print(torch.unique(torch.zeros(2, 0), return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[5, 2], [2, 7]]).t(), sorted=False, return_inverse=True))
print(torch._unique2(a, return_counts=True), torch._unique2(a))
# dims
m = torch.tensor([[1, 2], [1, 2], [0, 5]])
print(torch.unique(m, dim=0, return_inverse=True, return_counts=True), m.unique(dim=1, return_inverse=True, return_counts=True))
print(torch.unique(m, dim=-2), torch.unique(m, dim=0, sorted=False), torch.ops.aten.unique_dim(m, 0))
c = torch.arange(24).reshape(2, 3, 4) % 2
u, inv, cnt = torch.unique(c, dim=2, return_inverse=True, return_counts=True)
print(u, inv, cnt, u.stride())
ab = torch.zeros(2, 2, 2, dtype=torch.long)
ab[:, :, 0] = torch.tensor([[0, 1], [0, 0]])
ab[:, :, 1] = torch.tensor([[0, 0], [1, 0]])
print(torch.unique(ab, dim=2, return_inverse=True))
print(torch.unique(torch.tensor([[nan, 2], [nan, 2], [0, 5]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[2., nan], [1., 3.], [2., nan], [1., 0.]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([True, False, True]), dim=0, return_counts=True))
print(torch.unique(torch.zeros(0, 3), dim=0, return_inverse=True, return_counts=True), torch.unique(torch.zeros(0), dim=0, return_inverse=True, return_counts=True))
torch.unique(torch.zeros(0, 3), dim=1)
torch.unique(torch.zeros(0, 0), dim=1)
torch.unique(torch.zeros(2, 3), dim=2)
torch.unique(torch.tensor(3.), dim=0)
# unique_consecutive
print(torch.unique_consecutive(a), a.unique_consecutive(return_inverse=True), torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1, 1, 2]), return_counts=True))
print(torch.unique_consecutive(torch.tensor([nan, nan, 1., 1., nan]), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([[1, 1], [2, 2]]), return_inverse=True), torch.unique_consecutive(torch.tensor([[1, 1], [2, 1]]).t(), return_inverse=True))
print(torch.unique_consecutive(a, True), torch.unique_consecutive(a, False, True), torch.unique_consecutive(a, True, True))
print(torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 2]]), dim=1), torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 2]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([1, 1, 2]), dim=-1, return_counts=True), torch.unique_consecutive(torch.tensor([1, 1, 2]), dim=0, return_counts=True))
print(torch.unique_consecutive(torch.tensor([[nan, 2], [nan, 2], [0, 5]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([nan, nan]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([]), return_inverse=True, return_counts=True), torch.unique_consecutive(torch.zeros(2, 0), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.zeros(2, 0), dim=1, return_inverse=True, return_counts=True), torch.unique_consecutive(torch.zeros(0), dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor(3.), return_inverse=True, return_counts=True), torch.unique_consecutive(torch.tensor([True, True, False]), return_counts=True))
print(torch.ops.aten.unique_dim_consecutive(torch.tensor([[1, 1], [1, 1], [2, 2]]), 0), torch.unique_consecutive(torch.tensor([1, 1, 2]).bfloat16()))
torch.unique_consecutive(torch.tensor(3.), dim=0)
torch.unique_consecutive(torch.tensor([1, 1, 2]), dim=1)
# dtypes
torch.unique(torch.tensor([1., 2.]).half())
torch.unique(torch.tensor([1., 2.]).half(), dim=0)
torch.unique_consecutive(torch.tensor([1., 2.]).half())
torch.unique_consecutive(torch.tensor([[1., 2.]]).half(), dim=1)
torch.unique_consecutive(torch.tensor([1., 2.]).half(), dim=0)
# traces
trace_on()
torch.unique(a)
a.unique(return_inverse=True, dim=0)
torch.unique_consecutive(a, return_counts=True)
torch.unique_consecutive(m, dim=1)
trace_off()
# gradients
x = torch.tensor([1., 2., 1.], requires_grad=True)
for r in [torch.unique(x, return_inverse=True, return_counts=True), torch.unique(x, dim=0, return_inverse=True, return_counts=True),
          torch.unique_consecutive(x, return_inverse=True, return_counts=True), torch.unique_consecutive(x.reshape(3, 1), dim=0, return_inverse=True, return_counts=True)]:
    print([(o.grad_fn.name() if o.grad_fn else None, o.requires_grad) for o in r])
torch.unique(x).sum().backward()
torch.unique(x, dim=0).sum().backward()
torch.unique_consecutive(x).sum().backward()
torch.ops.aten.unique_dim_consecutive(x, 0)[0].sum().backward()
print(hasattr(torch, "unique_dim"), hasattr(torch, "_unique2"), hasattr(torch.Tensor, "unique_dim"))
