# mm, bmm and matmul values across dtypes and non-contiguous operands
a = torch.arange(12.).reshape(3, 4)
b = torch.arange(20.).reshape(4, 5) / 10
show(a @ b)
show(a.t() @ a)
show(torch.mm(a[:, 1:3], a[1:3, :]))
show(torch.arange(6).reshape(2, 3) @ torch.arange(6).reshape(3, 2))
show(torch.arange(6.).double().reshape(2, 3) @ torch.ones(3, dtype=torch.float64))
show(torch.bmm(torch.ones(2, 2, 3), torch.arange(12.).reshape(2, 3, 2)))
show(torch.ones(3, 1, 2, 3) @ torch.arange(6.).reshape(3, 2))
show(torch.arange(70.).reshape(7, 10) @ torch.arange(100.).reshape(10, 10))
print(torch.dot(torch.arange(4.), torch.arange(4.)))
print((torch.arange(3) @ torch.arange(3)).item())
torch.mm(torch.zeros(2, 3), torch.zeros(3, 2, dtype=torch.float64))
