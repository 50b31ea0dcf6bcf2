# several index tensors: adjacent (result in place of the indexed dims) and
# separated (broadcast dims moved to the front); the result follows the input's order
x = torch.arange(60.).reshape(3, 4, 5)
y = x.permute(2, 0, 1)
show(y[torch.tensor([4, 0]), torch.tensor([2, 1])])
show(y[:, torch.tensor([2, 1]), torch.tensor([0, 3])])
show(y[torch.tensor([1, 2]), :, torch.tensor([0, 3])])
show(y[torch.tensor([[0], [3]]), torch.tensor([1, 2])])
show(y[torch.tensor([[0], [3]]), :, torch.tensor([1, 2])])
show(y[torch.tensor([1]), torch.tensor([0, 2]), torch.tensor([3])])
z = x.transpose(0, 2)
show(z[torch.tensor([[0, 1], [1, 0]])])
show(z[:, torch.tensor([[0, 1], [1, 0]])])
show(z[torch.tensor([0, 4]), :, torch.tensor([[0, 1], [2, 2]])])
# errors are unchanged by the layout
y[torch.tensor([1, 2]), torch.tensor([0, 1, 2])]
y[:, torch.tensor([3])]
y[torch.tensor([5])]
y[torch.tensor([-6])]
