# a TypeError two calls deep: one frame per call, markers under the calls and the operator
def f(a, b):
    return a + b

def g(x):
    return f(x, 'a')
for k in range(2):
    g(k)
