# print and repr of each kind of value: containers, dtypes, devices, formats, schemes, types, ellipsis, operators
print(repr('a'), repr("it's"), repr('say "x"'), repr(''), repr('a\tb\nc\\'), str('a\tb'))
print([1, 'a', 2.5, None, True], (1,), (), ('x', [1, (2,)]), [])
print(repr([1, 'a']), repr((None, ...)), str([torch.float64, 'b']))
print(torch.int32, torch.long, torch.bool, torch.quint8, torch.qint32, torch.uint8, torch.int8, torch.short)
print(repr(torch.float32), [torch.double, torch.int16])
print(torch.contiguous_format, torch.preserve_format, torch.per_tensor_affine, torch.per_channel_affine)
print([torch.contiguous_format], repr(torch.per_channel_affine))
print(torch.device('cpu'), repr(torch.device('cpu')), [torch.device('cpu')], torch.device('cpu', 0), repr(torch.device('cpu', 1)))
print(torch.device('lazy:0'), repr(torch.device('lazy:0')), torch.device(torch.device('cpu')))
torch.device('cuda:x')
torch.device('tpu')
torch.device('cpu', 'a')
torch.device()
print(..., repr(...), [...])
print(type(...), type(torch.float32), type(torch.device('cpu')), type(torch.contiguous_format), type(torch.per_tensor_affine))
print(type(torch), type(torch.ops.aten.add), type(torch.ops.aten.add.Tensor), type(print), type(range(2)), type(type))
print(torch.ops.aten.add, torch.ops.aten.add.Tensor, torch.ops.aten.neg.default, torch.ops.aten.add.out)
print(repr(torch.ops.aten.view), str(torch.ops.aten.sum.dim_IntList))
print(type(torch.zeros(1)), type(torch.Size([1])), int, float, str, bool, list, tuple, torch.Tensor, torch.Size)
print(float('nan'), float('inf'), float('-inf'), -float('inf'), [float('nan'), float('inf')], 1e22, 1e16, 123456789.0, 1.5e-7)
print(repr(1e-5), 0.1, -0.0, 2.0, 1e100, float(10 ** 15), 3.14159)
print(isinstance(1, int), isinstance(True, int), isinstance(1, float), isinstance(torch.Size([1]), tuple), isinstance('a', (int, str)))
isinstance(1, int, x=1)
isinstance(1)
isinstance(1, 2)
print(int.__name__, torch.Tensor.__name__, torch.Size.__name__, type(1).__name__)
torch.float32.foo
(1).foo
'a'.foo
None.foo
torch.ops.aten.foo
torch.ops.aten.add.foo
torch.ops.foo.bar
