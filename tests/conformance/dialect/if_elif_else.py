# if / elif / else: the branch taken, truth of values (numbers, strings, lists, None, one-element tensors), one-line forms
for x in [0, 1, 2, 3]:
    if x == 0:
        print('zero')
    elif x == 1:
        print('one')
    elif x == 2:
        print('two')
    else:
        print('many')
for v in [0, 0.0, '', [], (), None, 1, 'a', [0], -1.5]:
    if v:
        print(repr(v), 'is true')
    else:
        print(repr(v), 'is false')
t = torch.tensor([0.0])
if t:
    print('tensor true')
else:
    print('tensor false')
if torch.tensor(2) > 1:
    print('0-d comparison true')
if torch.ones(2):
    print('never')
print('after ambiguous')
if torch.ones(0):
    print('never')
if 1 < 2: print('one line if')
if 0: print('never')
else: print('one line else')
x = 5
if x > 3 and x < 10 or x == 0:
    if not x % 2:
        print('even')
    else:
        print('odd')
y = 'big' if x > 3 else 'small'
print(y)
if x is not None and x in [1, 5]:
    print('in list')
if undefined_flag:
    print('never')
print('end')
