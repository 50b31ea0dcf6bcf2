# the SyntaxErrors of calls, keyword arguments, generator arguments and conditional expressions as CPython 3.11 words them
print 1
print 'a'
exec 'x'
f(a b)
[1 2]
(1 2)
x = 1 2
x = a b c
f(1=2)
f(True=1)
f(None=1)
f(a.b=1)
f(a=1, 2)
f(x for x in y, 1)
f(1, x for x in y)
a if b
x = 1 if 2
x = 1 if
f(,)
f(1,,2)
[1,,2]
(,)
print(1, )
print(len([x for x in range(3)]), sum([x for x in range(4) if x % 2]), [x + y for x in range(2) for y in range(2)])
print(list(x * 2 for x in range(3)), tuple(x for x in 'ab'), (1, 2,), [1, 2,], (1,))
print((1 if True else 2), (3 if False else 4 if True else 5), [1 if x else 0 for x in (0, 1)])
print(*)
