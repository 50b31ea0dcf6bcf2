# `=` in a condition: CPython's hint, markers under the assignment
x = 1
if x = 1:
    pass
