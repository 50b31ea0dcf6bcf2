# 'return' in a loop of the top level: the compiler's SyntaxError, markers under the statement
for i in range(2):
    pass
    return i
