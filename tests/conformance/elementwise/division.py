# true division: integers divide in the default float type
i = torch.tensor([5, -5, 7])
show(i / 2)
show(i / i)
show(torch.tensor([1., -1., 0.]) / 0)
show(i / 0)
show(torch.tensor([1, 2, 4]).reciprocal())
show(torch.arange(4.).div(torch.tensor([1., 2., 4., 8.])))
show(torch.div(torch.tensor(7.), 2))
