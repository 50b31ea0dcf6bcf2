# advanced indexing: index.Tensor copies, index_put_ writes; masks, broadcasting, non-adjacent indices, errors
a = torch.arange(12.).reshape(3, 4)
i = torch.tensor([0, 2])
trace_on()
x = a[i]
y = a[:, i]
z = a[i, i]
w = a[a > 5]
a[a > 9] = 0
a[i] = torch.ones(4)
trace_off()
show(x)
show(y)
show(z)
show(w)
show(a)
b = torch.arange(24.).reshape(2, 3, 4)
show(b[:, torch.tensor([0, 2]), torch.tensor([1, 3])])
show(b[torch.tensor([1, 0]), :, torch.tensor([2, 3])])
show(b[torch.tensor([[0], [1]]), torch.tensor([0, 2])])
a[torch.tensor([5])]
a[torch.tensor([True, False])]
a[torch.tensor([1.5])]
a[torch.tensor([0, 1]), torch.tensor([0, 1, 2])]
a[i] = torch.ones(3)
c = torch.zeros(5)
c[torch.tensor([0, 0, 1])] = torch.tensor([1., 2., 3.])
show(c)
show(a[torch.tensor([-1])])
