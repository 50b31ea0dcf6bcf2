# the SyntaxErrors of bad assignment, augmented assignment, del, import and global statements, and the statements the dialect has not
f(x) = 1
1 = 2
'a' = 1
True = 1
None = 1
... = 1
a < b = 1
(a, b) = 1
[a, 1] = 2, 3
a, f() = 1, 2
x = f() = 3
x = 1 = 2
a.b + 1 = 2
-a = 1
[x for x in y] = 1
(x for x in y) = 1
a if b else c = 1
a = b = c + 1 = 2
f() += 1
(a, b) += 1
[a] += 1
1 += 1
'a' += 'b'
a < b += 1
del f()
del 1
del (a, 1)
del [a, 'b']
del a + b
import
import 1
import torch.
import torch as
import torch as 1
global
global 1
global x, 2
x = 1; y = 2 z = 3
print(1) print(2)
x = 5 6
return 1
return
pass; pass; print('after passes')
import torch.nn
print(type(torch))
import torch as tt
print(tt.zeros(1), tt is torch)
x = 1;
print(x)
a and b = 1
a or b = 1
not a = 1
x = a if b else c = 1
