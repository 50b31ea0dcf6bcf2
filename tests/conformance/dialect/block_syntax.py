# syntax and indentation errors inside blocks: the whole block fails to compile, the error names its line within it
for i in range(3)
    print(i)
print('after a missing colon')
for i in range(3):
print(i)
if True:
    x = 1
   y = 2
print('after a bad unindent')
def f():
    return 1 +
print('after invalid syntax in a def')
while True:
    x = (1,
    print(x)
print('after an unclosed bracket')
for i in range(2):
    print(i)
        print('too deep')
print('after an unexpected indent')
if True:
    pass
else
    pass
def g(a, b=1, c):
    pass
def g(a, a):
    pass
for i in range(2):
    pass
    return i
if True:
    break
if True:
    f(a=1, a=2)
if True:
    s = 'unterminated
if x = 1:
    pass
for 1 in range(2):
    pass
for i in range(3):  # a comment after the ':' (a block all the same, as in Python)
    print('body line', i)
def h():

print('after an empty body')
if True:
    x = 10abc
while True:
	x = 1
        y = 2
if True:
    print('a block ending the file')
else:
