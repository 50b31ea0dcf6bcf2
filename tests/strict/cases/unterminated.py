# an unterminated string inside a function
def f():
    return 'abc
