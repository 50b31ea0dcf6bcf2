# def: positional parameters, defaults, keyword arguments, return (bare, a value, a tuple), recursion, functions as values
def add(a, b):
    return a + b
print(add(1, 2), add('x', 'y'), add(b=1, a=2), add(3, b=4))
def power(base, exp=2, scale=1):
    return scale * base ** exp
print(power(3), power(2, 10), power(2, scale=3), power(exp=3, base=2))
def nothing():
    pass
print(nothing())
def bare():
    return
print(bare())
def pair(x):
    return x, x * 2
print(pair(4))
q, r = pair(5)
print(q, r)
def early(n):
    for i in range(n):
        if i == 2:
            return i
    return -1
print(early(5), early(1))
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
print(fact(1), fact(5), fact(20))
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(10)])
def apply(f, x):
    return f(x)
print(apply(fact, 4), apply(len, 'abc'))
g = fact
print(g(3), g is fact, g == fact)
funcs = [fact, fib]
print([f(6) for f in funcs])
print(type(fact), fact.__name__, type(fact).__name__)
def append_to(x, acc=[]):
    acc.append(x)
    return acc
append_to(1)
print(append_to(2))
def norm(t, p=2):
    return (t ** p).sum() ** (1 / p)
print(norm(torch.tensor([3.0, 4.0])))
def shape_of(t):
    return t.shape
print(shape_of(torch.ones(2, 3)))
def f(a):
    return a
    print('unreachable')
print(f(1))
def redefined():
    return 1
def redefined():
    return 2
print(redefined())
def annotated(t: torch.Tensor, n: int = 1) -> torch.Tensor:
    return t + n
print(annotated(torch.zeros(2)))
def bad_annotation(t: undefined_type):
    return t
print('after the failed def')
def bad_default(t=undefined_value):
    return t
def recurse(n):
    return recurse(n + 1)
recurse(0)
print('after recursion')
