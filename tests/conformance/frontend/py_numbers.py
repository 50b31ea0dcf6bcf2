# Python's operators on ints, floats and bools: results, types and the errors' wording
print(7 + 2, 7 - 2, 7 * 2, 7 / 2, 7 // 2, 7 % 2, 7 ** 2)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, -7 // -2, -7 % -2)
print(7.5 // 2, 7.5 % 2, -7.5 // 2, -7.5 % 2, 7.5 // -2, 7.5 % -2, 6.0 % 3, -6.0 % 3, 6.0 % -3)
print(0.0 // 5, -0.0 // 5, 0.0 % -5, 1e300 * 1e10, -1e300 * 1e10)
print(True + True, True - False, True * 3, True / 2, True // 1, True % 2, True ** 3)
print(2 ** -1, 2 ** 0, 0 ** 0, 2.0 ** 3, 4 ** 0.5, (-8) ** 2, 2 ** 62 // 2 ** 60)
print(1 + 2.5, 2.5 + 1, True + 1.5, 3 - 0.5, 3 * 0.5, 1 / 4, 9 / 3)
print(5 & 3, 5 | 3, 5 ^ 3, 1 << 4, 256 >> 4, -256 >> 4, 5 >> 70, -5 >> 70, 0 << 100)
print(True & False, True | False, True ^ True, True & 3, 6 | False, True << 2)
print(~5, ~0, ~True, ~False, -True, +True, +5, -5, -2.5, +2.5)
print(3 < 4, 3 > 4, 3 <= 3, 3 >= 4, 3 == 3.0, 3 != 3.0, 2.5 < 3, True == 1, False < 0.5)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 >= 2, 1 == 1.0 == True)
print(1e16 + 1 == 1e16, 0.1 + 0.2, 0.1 + 0.2 == 0.3, 1 / 3, 2 / 3, 10 / 4)
1 / 0
1 // 0
1 % 0
1.0 / 0
1.0 // 0
1.0 % 0
1 / 0.0
True / False
0.0 ** -1
0 ** -2
5 << -1
5 >> -1
1.5 & 1
1 | 2.0
2.0 ^ True
1.0 << 2
1 >> 2.0
1 + 'a'
'a' - 1
[1] * 2.5
2.5 * 'ab'
1 < 'a'
'a' > 2.5
None + 1
1 @ 2
a = 5
a += 2.5
print(a)
a //= 2
print(a)
a **= 2
print(a)
a -= 0.25
print(a, type(a))
b = 17
b %= 5
b <<= 3
b >>= 1
b &= 6
b |= 9
b ^= 3
print(b)
b += 'x'
b **= 'x'
b <<= 'x'
c = 2
c /= 4
print(c)
c @= 3
