# print shows Python's str of non-tensor values
print(1, 2.5, "x", (1, 2), [3, 4], None, True)
print(0.1, 1e16, 1e-5, 2.0, -0.0, 1e15, 123456789.125, (2,), ())
print(torch.float32, torch.float, torch.int64, torch.long, torch.bool, torch.uint8, torch.int8)
print(torch.int16, torch.short, torch.int32, torch.int, torch.double, torch.quint8)
print(torch.contiguous_format, torch.preserve_format)
print(torch.zeros(2, 3).shape, torch.zeros(()).shape, torch.zeros(2).stride())
print(7 / 2, 3 - 5, 2 * 3.0, 1 + True, 4 == 4.0, 2 < 1)
print(torch.zeros(2).size(0) * 3)
