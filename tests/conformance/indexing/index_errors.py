# indexing errors: out of range, wrong index types, too many indices
a = torch.arange(6.).reshape(2, 3)
a[torch.tensor([0.5])]
a[torch.tensor([2])]
a[torch.tensor([-3])]
a[:, torch.tensor([3])]
a[torch.tensor([True, False, True])]
a[torch.ones(2, 3, 4, dtype=torch.bool)]
a[[0, 1], [0, 1, 2]]
a["x"]
a[1.5]
a[0][5]
a[torch.tensor([0]), torch.tensor([[1], [2]])]
show(a[torch.tensor([[0], [1]]), torch.tensor([0, 2])])
a[torch.tensor([5])] = 1
a[0, 0, 0] = 1
a[a > 2] = torch.tensor([1., 2.])
show(a)
a[torch.tensor([0, 0])] = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
show(a)
