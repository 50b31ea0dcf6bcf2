# Python's operators between tensors and numbers on either side: reflected operators, __rpow__, comparisons, membership, augmented assignment and their errors
a = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 2.0, -1.5])
b = torch.tensor([True, False, True])
print(2 + a, 2 - a, 2 * a, 6 / a, 7 // a, 7 % a, 2 ** a, 2.5 ** a, True + a, 1.5 - a)
print(a + 2, a - 2.5, a * True, a / 2, a // 2, a % 2, a ** 2, a ** 0.5, f ** 2, 2 ** f, f // 1, f % 1)
print(2 < a, 2 > a, 2 <= a, 2 >= a, 2 == a, 2 != a, a < 2.5, a == a, f > f, 1.5 == f)
print(a @ a, torch.ones(2, 3) @ torch.ones(3), 2 in a, 5 in a, 2.0 in a, torch.tensor(3) in a, 5 not in a, True in b)
print(a in [a], a in [f, a], 3 in [a], a in (), torch.tensor([9]) in [1, torch.tensor([9])])
print(a == None, a != None, None == a, a == 'x', 'x' != a, a == [1, 2, 3])
'x' in a
None in a
[1] in a
torch.float32 in a
a in [torch.tensor([1, 2])]
a + 'x'
'x' + a
a * None
None - a
[1] @ a
a @ 2
2 @ a
a < 'x'
'x' >= a
1 / torch.tensor([0, 1])
print(1 / torch.tensor([0., 1.]), 0 ** torch.tensor([0, 1]), (-8) ** torch.tensor([2]), 0.5 ** torch.tensor([1, 2]))
print(True ** a, a ** True, 2 ** b, b ** 2, -b.int(), 3 - b, b - 3)
c = torch.tensor([1.0, 2.0])
c += 1
c *= torch.tensor([2.0, 3.0])
c -= 0.5
c /= 2
c //= 1
c %= 2
print(c)
d = torch.tensor([12, 10])
d /= 2
d += 'x'
d @= d
n = 3
n += torch.tensor([1, 2])
print(n, type(n))
m = 2.5
m *= torch.tensor(2)
print(m)
