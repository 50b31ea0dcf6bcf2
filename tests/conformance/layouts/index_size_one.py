# size-1 dimensions of an indexing result keep the strides the iterator's operands
# give them (the restrided self's, the reshaped index's), which decides the result's
# order; every permutation of a 3-d tensor, index tensors of one element, slices of one
x = torch.arange(24.).reshape(2, 3, 4)
for p in [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]:
    y = x.permute(*p)
    print(p, y[torch.tensor([0])].stride(), y[:, torch.tensor([0])].stride(), y[:, :, torch.tensor([1])].stride())
    print(p, y[torch.tensor([[0]])].stride(), y[:, torch.tensor([[1], [0]])].stride(), y[torch.tensor([0]), :, torch.tensor([1])].stride())
    print(p, y[:1, torch.tensor([1, 0])].stride(), y[:, :1, torch.tensor([1, 0])].stride(), y[torch.tensor([1, 0]), :1].stride())
    print(p, y[torch.tensor([1, 0]), torch.tensor([0])].stride(), y[None, torch.tensor([1, 0])].stride())
    print(p, y[torch.tensor(1), torch.tensor([0, 1])].stride(), y[:, torch.tensor(0), torch.tensor([[0, 1]])].stride())
z = torch.arange(6.).reshape(1, 6, 1).permute(2, 1, 0)
show(z[:, torch.tensor([1, 2])])
show(z[torch.tensor([0, 0])])
show(x.permute(1, 2, 0)[:1, torch.tensor([3, 0])])
show(x.permute(2, 0, 1)[torch.tensor([[1], [0]]), :1, torch.tensor([2, 0])])
