# an error at the bottom of a recursion: every frame shown
def f(n):
    if n == 0:
        return 1 / n
    return f(n - 1)
print(f(3))
