# an error inside a block ends the whole top-level statement (printed once); the next statement runs
a = torch.arange(6.).reshape(2, 3)
for i in range(3):
    print('row', i)
    print(a[i])
print('after the loop')
def check(t):
    print('checking', t.shape)
    return t.view(4)
for t in [torch.ones(4), torch.ones(5), torch.ones(2, 2)]:
    print(check(t))
print('next statement')
if a.sum() > 0:
    b = a @ a
    print('not reached')
print('still running')
def outer(x):
    return inner(x) + 1
def inner(x):
    return x.reshape(-1, 4)
outer(a)
n = 0
while True:
    n += 1
    if n == 3:
        raise_me = undefined_name
print('n is', n)
for i in range(2):
    for j in range(2):
        print(i, j)
        if j == 1:
            [1, 2][5]
print('end', i, j)
x = [1, 2]; y = x[3]; print('reached: each ; statement runs alone')
print('last')
