# mm, bmm, mv, dot through the blocked gemm (ops/cpu/BlasKernel.c): edge tiles, k above one KC block (256), m above one MC block (144), transposed, sliced and expanded operands
a = (torch.arange(2100.).reshape(7, 300) % 13 - 6) / 8
b = (torch.arange(4500.).reshape(300, 15) % 7 - 3) / 4
show(a @ b)
t = (torch.arange(2100.).reshape(300, 7) % 13 - 6) / 8
show(t.t() @ b)
show(a[:, ::2] @ b[::2, 1:])
c = (torch.arange(3000.).reshape(150, 20) % 11 - 5) / 4
show((c @ c.t()).sum(1))
show(torch.mv(c, c[0]))
show(torch.mv(c.t(), c[:, 3]))
show(c[0] @ c.t())
print(torch.dot(c[:, 1], c[:, 2]))
show(torch.bmm(c.reshape(6, 25, 20), c.reshape(6, 20, 25)).sum(2))
show(torch.ones(4, 1, 20) @ c.t()[:, :5])
show((c.double() @ c.t().double()).diagonal())
show(torch.mm(torch.ones(3, 0), torch.ones(0, 4)))
