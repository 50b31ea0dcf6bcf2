# the TypeErrors of calling a function with wrong arguments, as CPython 3.11 words them
def f(a, b):
    return a + b
def g(a, b=1, c=2):
    return a
def h():
    return 0
def k(a):
    return a
def m(a, b, c, d=1):
    return a
f(1)
f()
m()
m(1)
f(1, 2, 3)
g()
g(1, 2, 3, 4)
h(1)
h(1, 2)
k(1, 2)
k()
f(1, 2, z=3)
f(1, a=2)
g(1, c=3, d=4)
h(x=1)
f(b=1)
m(1, 2, d=3)
f(*[1, 2, 3])
print(f(*[1, 2]), f(*'ab'))
f(1, 2, 3, z=4)
f(1, b=2, b=3)
x = 1
x(2)
'abc'()
print('end')
