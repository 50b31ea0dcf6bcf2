# endless recursion: RecursionError, the repeated frame printed three times then counted
def f(n):
    return f(n + 1)
f(0)
