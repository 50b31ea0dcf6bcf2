# Python's operators on strings, tuples, lists and torch.Size: concatenation, repetition, membership, comparison
print('ab' + 'cd', 'ab' * 3, 3 * 'ab', 'ab' * 0, 'ab' * -2, 'ab' * True, '' * 5)
print((1, 2) + (3,), (1, 2) * 2, 2 * (1,), [1, 2] + [3], [0] * 3, False * [1, 2])
s = torch.Size([2, 3])
print(s + (4,), (1,) + s, s * 2, type(s + (4,)), type((1,) + s))
print(s == (2, 3), s == [2, 3], (2, 3) == s, s != (2, 3), [1, 2] == [1, 2], [1, 2] == (1, 2), (1, [2]) == (1, [2]))
print((1, 2) == (1, 2, 3), [1, 'a'] == [1, 'b'], () == (), [] == [], None == None, None == 0, ... == ...)
print('a' < 'b', 'abc' < 'abd', 'b' > 'abc', 'a' <= 'a', 'b' >= 'c', 'a' == 'a', 'a' != 'b', 'ab' == 'a' + 'b')
print(torch.float32 == torch.float, torch.float32 == torch.int64, torch.contiguous_format == torch.preserve_format)
print(torch.per_tensor_affine == torch.per_tensor_affine, torch.device('cpu') == torch.device('cpu'), torch.device('cpu') == 'cpu')
print(1 in (1, 2), 3 in [1, 2], 3 not in [1, 2], 'b' in 'abc', 'bd' in 'abcd', '' in 'a', 2 in s, 4 not in s)
print(1.0 in [1, 2], True in [1], None in [None], 'a' in ('a', 'b'), torch.float in (torch.float32,), (1, 2) in [(1, 2)])
print(2 in range(5), 7 in range(0, 10, 3), 6 in range(0, 10, 3), 2.0 in range(3), 2.5 in range(3), 'a' in range(3))
1 in 'abc'
1 in 5
'a' in None
1 in 2.5
print(() + (), [] * 5, (1,) * 1)
(1, 2) + [3]
[1] + (2,)
'a' + 1
[1] + 'a'
'ab' * 'c'
[1] * [2]
(1,) < 2
[1] - [1]
'abc' - 'a'
'a' * 1.0
(1, 2) * 2.0
print(range(3) == range(3), range(0) == range(2, 2), range(1, 2) == range(1, 5, 7), range(3) == range(4), range(0, 4, 2) == range(0, 3, 2))
print(type(1) is int, type(True) is bool, type(1.5) is float, type('a') is str, type(s) is torch.Size)
print(1 is 1, 256 is 256, None is None, True is True, torch.float is torch.float32, 'a' is not 'b', [] is [])
print(torch.preserve_format is torch.preserve_format, torch.per_tensor_affine is torch.per_tensor_affine, ... is ...)
print(torch is torch, int is int, type(None) is type(None))
