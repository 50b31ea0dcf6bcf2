# an AttributeError in a while loop inside a function: markers under the attribute
def f(x):
    while x:
        x = x - 1
        if x == 1:
            x.foo()
f(3)
