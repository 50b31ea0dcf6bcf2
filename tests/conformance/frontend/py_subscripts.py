# subscripts of strings, tuples, lists and torch.Size: indices, slices with steps, negative bounds, tensors as indices, item assignment and deletion
s = 'abcdefgh'
t = (0, 1, 2, 3, 4, 5)
l = [10, 20, 30, 40, 50]
z = torch.Size([4, 5, 6])
print(s[0], s[-1], s[2:5], s[::2], s[::-1], s[-3:], s[:-3], s[5:2:-1], s[100:], s[-100:2], s[1:100:3], s[True])
print(t[1], t[-2], t[1:4], t[::-2], t[4:1:-1], t[-1:-100:-1], t[10:], t[:0], t[None:None], t[False])
print(l[2], l[-5], l[1::2], l[:2], l[-2:], z[0], z[-1], z[1:], z[::-1], type(z[1:]), z[:0])
print(t[torch.tensor(2)], l[torch.tensor(-1)], s[torch.tensor(1):torch.tensor(3)], t[torch.tensor(1):], z[torch.tensor(0)])
print(s[7:0:-2], l[100:-100:-1], t[-100:100], s[3:3], l[::100], t[5:0:-100])
s[8]
t[-7]
l[5]
z[3]
s['a']
t[1.5]
l[None]
l[torch.tensor(1.5)]
l[1.5:2]
t['a':]
s[::0]
l[:torch.tensor([1, 2])]
5[0]
None[1]
print[0]
l[1] = 99
l[-1] = 'x'
l[torch.tensor(0)] = 1.5
print(l)
l[5] = 1
l[-6] = 1
l['a'] = 1
t[0] = 1
s[0] = 'z'
z[0] = 3
(5)[0] = 1
del l[0]
print(l)
del l[-1]
print(l)
del l[True]
print(l)
del l[7]
del l[-9]
del l['a']
del t[0]
del s[0]
del z[0]
a = torch.arange(4.)
del a[0]
del a.shape
del (5).real
x = 1
del x
print(x)
del x
del undefined_name
y = [1, [2, 3]]
y[1][0] = 'two'
del y[1][1]
print(y)
q, (r, u) = 1, (2, 3)
print(q, r, u)
q, r = 1, 2, 3
q, r, u = [1, 2]
q, r = 5
[q, r] = 'ab'
print(q, r)
a.shape = (2, 2)
(1).real = 5
