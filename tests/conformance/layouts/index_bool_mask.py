# boolean masks become index tensors of their true positions; the result follows
# the input's layout like any other index
x = torch.arange(24.).reshape(2, 3, 4)
y = x.permute(2, 0, 1)
m = torch.tensor([[True, False, True], [False, True, True]])
show(y[:, m])
show(x.transpose(1, 2)[:, torch.tensor([True, False, True, True])])
show(x.transpose(1, 2)[torch.tensor([True, False])])
show(y[torch.tensor([False, True, True, False])])
show(y[y > 15])
show(x.transpose(0, 2)[:, :, torch.tensor([False, True])])
show(y[:, torch.tensor([False, False])])
show(y[torch.tensor([True, False, False, True]), torch.tensor([1, 0])])
y[:, torch.tensor([True, False, True])]
y[torch.tensor([[True, False, True], [False, True, True]])]
