# enumerate, zip, list.append, list comprehensions and generator expressions
print(list(enumerate('ab')), list(enumerate([5, 6], 1)), list(enumerate([7], start=-1)))
print(list(zip([1, 2], 'ab')), list(zip([1, 2, 3], [4])), list(zip()), list(zip(range(3), range(3, 6), 'xyz')))
z = zip([1, 2], [3, 4])
print(list(z), list(z))
e = enumerate('xy')
print(type(e), type(z), tuple(e))
l = []
l.append(1)
l.append('two')
l.append([3])
print(l, len(l))
alias = l
alias.append(4)
print(l)
l += [5, 6]
print(alias)
print([i * 2 for i in range(4)], [i for i in range(10) if i % 2 if i > 2], [(i, j) for i in range(2) for j in 'ab'])
print([x for x in [[1, 2], [3]] for x in x], [[j for j in range(i)] for i in range(3)])
print([row.sum() for row in torch.arange(6).reshape(3, 2)], [t.item() for t in torch.tensor([1.5, 2.5])])
print([s for s in torch.ones(2, 3).shape], [c.upper() if False else c for c in 'hi'])
print(sum(x * x for x in range(4)), max(len(w) for w in ['a', 'abc']), list(i for i in 'ab'))
print(type(x for x in []), type([x for x in []]))
[i for i in range(3)]
print(i)
[1 / (i - 1) for i in range(3)]
[y for y in 5]
enumerate()
enumerate(1)
zip(1)
zip([1], 2)
l.append()
l.append(1, 2)
(1,).append(2)
l.foo
print(l)
