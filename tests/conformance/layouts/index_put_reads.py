# index_put_ writes through self's own strides, and reading back with an index gives
# a result laid out like self
x = torch.zeros(2, 3, 4)
y = x.permute(2, 0, 1)
i = torch.tensor([1, 0])
y[:, i] = torch.arange(24.).reshape(4, 2, 3)
show(x)
show(y[:, i])
y[torch.tensor([3, 0]), :, torch.tensor([2, 1])] = torch.tensor([-1., -2.]).reshape(2, 1)
show(x)
show(y[torch.tensor([3, 0]), :, torch.tensor([2, 1])])
y[y < 0] = 7.
show(x)
t = torch.zeros(3, 4).t()
t[torch.tensor([0, 3])] = torch.tensor([1., 2., 3.])
show(t)
show(t[torch.tensor([3, 0])])
a = torch.zeros(4, 3).t()
a.index_put_((torch.tensor([0, 2]), torch.tensor([1, 1])), torch.tensor([5., 6.]), accumulate=True)
a.index_put_((torch.tensor([0, 2]), torch.tensor([1, 1])), torch.tensor([5., 6.]), accumulate=True)
show(a)
show(torch.index_put(a, (torch.tensor([1]),), torch.tensor(9.)))
y[:, i] = torch.ones(3, 3)
y[torch.tensor([4])] = 1.
