# type() and isinstance(): Python's and torch's types, bool an int, torch.Size a tuple, tuples of types, __name__
t = torch.ones(2)
print(type(1), type(1.0), type(True), type('a'), type((1,)), type([1]), type(None))
print(type(t), type(t.shape), type(t.dtype), type(range(3)), type(type(1)), type(len))
print(int, float, bool, str, tuple, list, range, type, torch.Tensor, torch.Size)
print(type(1).__name__, type(t).__name__, type(t.shape).__name__, type(None).__name__, torch.Tensor.__name__)
print(type(t) is torch.Tensor, type(1) is int, type(True) is int, type(1) == int, type(t.shape) is tuple)
print(isinstance(True, int), isinstance(1, bool), isinstance(1.0, (int, float)), isinstance(t, torch.Tensor))
print(isinstance(t.shape, tuple), isinstance(t.shape, torch.Size), isinstance((1,), torch.Size))
print(isinstance([1], list), isinstance('a', str), isinstance(None, int), isinstance(1, (list, (str, int))))
print(isinstance(t, (int, float)), isinstance(t[0], torch.Tensor), isinstance(t.tolist(), list))
for v in [1, 2.5, 'x', [1], (1,), None, t]:
    if isinstance(v, (int, float)):
        print('number', v)
    elif isinstance(v, torch.Tensor):
        print('tensor', v.shape)
    else:
        print('other', type(v).__name__)
print(int('12'), int(' -7 '), int(2.9), int(-2.9), int(True), float('1.5'), float(2), bool([]), bool('a'))
print(str(1.0), str([1, 'a']), str(None), tuple('ab'), list((1, 2)), list(torch.tensor([1, 2])))
print(int(torch.tensor(3.7)), float(torch.tensor(2)), torch.Size([2, 3]), torch.ones(2, dtype=float).dtype)
isinstance(1)
isinstance(1, 2)
isinstance(1, (int, 2))
isinstance(1, int, 2)
type()
type(1, 2)
int('x')
int([1])
float('y')
float([1])
int.foo
torch.Tensor.nothing
print('end')
