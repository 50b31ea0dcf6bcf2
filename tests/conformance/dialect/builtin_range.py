# range: one to three arguments, negative steps, len, indexing, slicing, `in`, printing, and its errors
print(range(3), range(1, 5), range(1, 10, 2), range(5, 0, -1), range(0))
print(list(range(4)), list(range(2, 8, 3)), list(range(10, 0, -3)), list(range(3, 3)), list(range(0, -3)))
r = range(10, 0, -3)
print(len(r), r[0], r[1], r[-1], r[-4])
print(len(range(0)), len(range(5, 1)), len(range(0, 10, 3)))
print(range(10)[2:5], range(10)[::2], range(10)[::-1], range(10)[-3:], range(1, 10, 2)[1:3])
print(3 in range(5), 5 in range(5), 4 in range(0, 10, 2), 3 in range(0, 10, 2), -2 in range(0, -5, -1))
print(range(3) == range(0, 3), range(0) == range(2, 2), range(3) == [0, 1, 2])
print(bool(range(0)), bool(range(2)), tuple(range(3)))
print(type(range(3)), isinstance(range(3), range))
print(sum(range(101)), max(range(7)), min(range(3, 9)))
print(torch.tensor(list(range(4))), [torch.arange(5)[i] for i in range(1, 5, 2)])
range()
range(1, 2, 3, 4)
range(1.5)
range('a')
range(0, 10, 0)
range(1, 2.0)
range(x=1)
range(3)[5]
range(3)[-4]
range(3)['a']
range(3).foo
print(range(torch.tensor(3)))
