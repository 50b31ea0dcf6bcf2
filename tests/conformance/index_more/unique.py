# torch._unique, which index_fill's gradient calls: sorted=False gives the
# order of 1.13's std::unordered_set (Note [the order of _unique(sorted=False)]
# in ops/Unique.c: buckets, rehashes at 13 and 29 elements, -0.0 == 0.0,
# every NaN its own value), sorted=True std::sort's; bools false first;
# return_inverse; the trace; the gradient 1.13 does not implement.
import torch

for l in [[0, 2, 0, 1], [5, 3, 5, 1, 9, 3], [0, 13, 26, 1], [3, -1, 7, 2, 2], list(range(20)), [100, 3, 200, 7]]:
    print(torch._unique(torch.tensor(l), sorted=False)[0].tolist(), torch._unique(torch.tensor(l))[0].tolist())
print(torch._unique(torch.arange(40).flip(0)[::2], sorted=False, return_inverse=True))
print(torch._unique(torch.arange(100) % 37 * 1000003, sorted=False)[0].tolist())
f = torch.tensor([1., 0., -0., 2.5, float('nan'), float('nan'), 1., 1e30, -3.25, 0.1])
for dt in [torch.float32, torch.float64]:
    print(torch._unique(f.to(dt), sorted=False, return_inverse=True), torch._unique(f.to(dt), return_inverse=True))
print(torch._unique(torch.arange(31.) / 3 - 5, sorted=False)[0].tolist())
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32]:
    print(torch._unique(torch.tensor([3, 1, 3, 0, 1, 120, 15, 28]).to(dt), sorted=False))
print(torch._unique(torch.tensor([-1, -14, 12, -27], dtype=torch.int8), sorted=False))
for l in [[True, False, True], [True, True], [False], []]:
    print(torch._unique(torch.tensor(l, dtype=torch.bool), sorted=False, return_inverse=True))
print(torch._unique(torch.tensor(5), sorted=False, return_inverse=True))
print(torch._unique(torch.tensor([[5, 2], [2, 7]]).t(), sorted=False, return_inverse=True))
print(torch._unique(torch.tensor([], dtype=torch.long), return_inverse=True))
trace_on()
torch._unique(torch.tensor([1, 2]), sorted=False)
trace_off()
x = torch.tensor([3., 1., 3.], requires_grad=True)
u, inv = torch._unique(x, sorted=False)
print(u, inv, u.grad_fn.name(), inv.requires_grad)
u.sum().backward()
