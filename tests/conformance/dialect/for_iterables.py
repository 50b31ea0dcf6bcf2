# for over each kind of iterable: range, list, tuple, str, torch.Size, tensors (rows through unbind), tuple targets, else
for i in range(3):
    print(i)
for i in range(2, 11, 4):
    print(i)
for i in range(5, 0, -2):
    print(i)
for i in range(0):
    print('never')
for x in [1, 'a', 2.5, None, True]:
    print(x)
for x in (3, (4, 5)):
    print(x)
for c in 'abc':
    print(c, end=' ')
print()
for n in torch.zeros(2, 3, 4).shape:
    print(n)
for v in torch.tensor([1.5, 2.5]):
    print(v, v.dim())
for row in torch.arange(6).reshape(2, 3):
    print(row, row.shape)
for a, b in [(1, 2), (3, 4)]:
    print(a * b)
for (a, b), c in [((1, 2), 3), ((4, 5), 6)]:
    print(a, b, c)
for i, row in enumerate(torch.eye(2)):
    print(i, row)
for a, b in zip([1, 2, 3], 'xy'):
    print(a, b)
for x, y in torch.arange(4).reshape(2, 2):
    print(x + y)
for i in range(3):
    pass
print(i)
for i in [10, 20]:
    print(i)
else:
    print('else after', i)
for i in []:
    print('never')
else:
    print('else of an empty loop')
items = [1, 2]
for x in items:
    if len(items) < 4:
        items.append(x * 10)
print(items)
for x in 5:
    print(x)
for x in None:
    pass
for x in torch.tensor(3.0):
    pass
for a, b in [1, 2]:
    pass
for a, b in [(1, 2, 3)]:
    pass
for a, b in [(1,)]:
    pass
for a, b in torch.ones(2, 3):
    pass
print('done')
