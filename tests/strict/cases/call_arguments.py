# a call with wrong arguments inside an assignment: markers under the call
def f(a, b=1):
    return a
y = f(1, 2, 3)
