# assignment through basic indices writes into the base
a = torch.arange(12.).reshape(3, 4)
trace_on()
a[0] = -1
a[1:, 2] = torch.ones(2)
a[2, 3] = 5
trace_off()
show(a)
a[:, 0] = torch.tensor([7., 8., 9.])
show(a)
a[1] = torch.arange(4)
show(a)
a[0] = torch.ones(3)
