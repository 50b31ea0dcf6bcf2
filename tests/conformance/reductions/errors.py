# reduction errors name the dim as PyTorch does
a = torch.arange(24.).reshape(2, 3, 4)
a.sum(3)
a.sum((0, 0))
a.mean(-4)
show(torch.tensor(5.).sum(0))
torch.tensor(5.).sum(1)
a.amax((1, -2))
a.argmax(5)
