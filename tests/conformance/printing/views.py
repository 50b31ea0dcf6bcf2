# views print their logical contents
a = torch.arange(12.).reshape(3, 4)
print(a.t())
print(a[:, 1:3])
print(a[1])
print(a.expand(2, 3, 4))
print(torch.arange(3.).reshape(3, 1).expand(3, 2))
print(a.as_strided((2, 2), (1, 4), 1))
