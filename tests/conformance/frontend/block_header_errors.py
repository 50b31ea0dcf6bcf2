# the SyntaxErrors of bad if/while/for/def headers, and enumerate/zip arguments, as CPython 3.11 words them
if x = 1:
    pass
if f(x) = 1:
    pass
while a.b = 2:
    pass
if [a] = 1:
    pass
if True = 1:
    pass
elif x = 2:
    pass
for 1 in x:
    pass
for x of y:
    pass
for f() in y:
    pass
def 1():
    pass
def f(1):
    pass
def f(a b):
    pass
def f(a, if):
    pass
def f(a=1, b):
    pass
def f(a: int = 1, b: str = 'x') -> int:
    return a
print(f(), f(2, 'y'))
for i, c in enumerate('ab', 10):
    print(i, c)
for i, c in enumerate(start=5, iterable=[7]):
    print(i, c)
for p in zip([1, 2], 'xyz', (True, False)):
    print(p)
enumerate([1], iterable=[2])
enumerate([1], 0, 1)
enumerate([1], start=0, iterable=[2])
zip([1], strict=True, foo=1)
zip([1], x=2)
enumerate(5)
zip(1, [2])
print(list(enumerate(torch.tensor([4, 5]))), list(zip(torch.Size([2, 3]), range(2))), list(enumerate(())))
