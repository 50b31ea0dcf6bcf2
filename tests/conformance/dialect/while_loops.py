# while with break, continue and else; nested loops; a tensor condition
i = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print('odd', i)
else:
    print('not reached: the loop broke')
n = 3
while n:
    n -= 1
else:
    print('else runs when the condition turns false', n)
for a in range(3):
    for b in range(3):
        if b > a:
            break
        print(a, b)
t = torch.tensor(4)
while t > 0:
    t = t - 1
print(t)
count = 0
while True:
    count += 1
    if count == 3:
        break
print('count', count)
k = 0
while k < 3:
    k += 1
    print(k)
    if k == 2:
        k = k + undefined
print('after error', k)
m = torch.ones(2)
while m:
    pass
print('end')
