# index.Tensor as a structured operator (issue 35): the meta function plans
# the indexing and sets the output (its strides as TensorIterator lays them
# out), the impl gathers; index.Tensor_out is its out= form
M = dict(device="meta")
m = torch.empty(3, 4, **M)
i = torch.empty(2, dtype=torch.long, **M)
for r in [m[i], m[:, i], m.t()[i], torch.empty(2, 3, 4, **M).permute(2, 0, 1)[:, i], torch.ops.aten.index.Tensor(m, [None, i])]:
    print(r.shape, r.stride(), r.device)
m[torch.empty(3, dtype=torch.bool, **M)]
m[torch.empty(2, **M)]
m[i, i, i]
print(torch.ops.aten.index.Tensor_out(m, [i], out=torch.empty(0, **M)).shape)
x = torch.arange(12.).view(3, 4)
j = torch.tensor([0, 2])
print(x[j], x[:, j], x[x > 6], x.t()[j].stride(), x[[j, j]])
o = torch.empty(0)
print(torch.ops.aten.index.Tensor_out(x, [j], out=o), o.stride())
print(torch.ops.aten.index.Tensor_out(x, [None, j], out=torch.zeros(2, 3).t()).stride())
torch.ops.aten.index.Tensor_out(x, [j], out=x)
torch.ops.aten.index.Tensor_out(x, [j], out=torch.empty(0, **M))
torch.ops.aten.index.Tensor_out(x, [j], out=torch.zeros(4, 2))
x[torch.tensor([5])]
x[torch.tensor([[True, False, True, False]] * 2)]
a = torch.arange(6., requires_grad=True)
a[torch.tensor([1, 1, 4])].sum().backward()
print(a.grad)
