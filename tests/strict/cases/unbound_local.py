# UnboundLocalError: a global read in a function that assigns it later
x = 1
def f():
    print(x)
    x = 2
f()
