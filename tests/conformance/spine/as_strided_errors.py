# as_strided checks strides, offset and the storage size
a = torch.arange(6.)
a.as_strided((2,), (-1,))
a.as_strided((4,), (2,))
a.as_strided((2,), (1,), -1)
a.as_strided((2, 2), (1,))
show(a.as_strided((0, 5), (100, 100)))
show(a.narrow(0, 2, 2).as_strided((2,), (1,)))
