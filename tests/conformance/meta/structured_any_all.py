# any and all as structured operators (issue 35): all.out, all.all_out,
# any.out, any.all_out; the meta function refuses an out= that is neither
# bool nor uint8 and reduces to bool (uint8 for uint8 inputs, out='s dtype
# when given); the impl reduces into that output
m = torch.empty(2, 3, device="meta")
print(m.all().shape, m.any(1).shape, m.all(0, keepdim=True).shape, m.any().dtype)
print(torch.empty(2, 3, dtype=torch.uint8, device="meta").all(1).dtype)
m.any(2)
torch.any(m, 1, out=torch.empty(0, device="meta"))
o = torch.empty(0, dtype=torch.uint8, device="meta")
print(torch.all(m, 1, out=o).shape, o.dtype)
x = torch.tensor([[1, 0, 3], [4, 5, 6]])
print(x.all(), x.any(), x.all(1), x.any(0, keepdim=True))
print(x.to(torch.uint8).all(1), torch.tensor([0., float("nan")]).all(), torch.tensor([0., float("nan")]).any())
print(torch.empty(0).all(), torch.empty(0).any(), torch.empty(0, 3).any(0), torch.empty(2, 0).all(1))
print(torch.tensor(0.).any(), torch.tensor(2).all(0))
o = torch.ones(5, dtype=torch.uint8)
print(torch.all(x, 1, out=o), o.dtype)
torch.all(x, out=torch.zeros((), dtype=torch.float32))
o = torch.zeros(3, dtype=torch.bool)
print(torch.any(x.to(torch.uint8), 0, out=o))
print(torch.tensor([1+0j, 0j]).any(), torch.tensor([1+0j, 0j]).all())
print(x.t().all(0), x[:, ::2].any(1))
print(torch.ops.aten.all.all_out(x, out=torch.zeros((), dtype=torch.bool)), torch.ops.aten.any.all_out(x, out=torch.zeros(3, dtype=torch.bool)))
