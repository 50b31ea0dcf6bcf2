import torch
# ties go to the even integer (nearbyint), then the zero point is added
t = torch.tensor([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999997, 0.50000006])
show(torch.quantize_per_tensor(t, 1.0, 0, torch.qint8).int_repr())
show(torch.quantize_per_tensor(t, 1.0, 10, torch.quint8).int_repr())
show(torch.quantize_per_tensor(t, 1.0, 0, torch.qint32).int_repr())
show(torch.quantize_per_tensor(t, 0.5, 1, torch.qint8).int_repr())
# the multiplication by 1/scale is in float: 0.3 / 0.1 rounds to 3
show(torch.quantize_per_tensor(torch.tensor([0.3, 0.7, 0.15, 0.25, 0.35]), 0.1, 0, torch.qint8).int_repr())
# clamping at both ends of each dtype
big = torch.tensor([-1e10, -300.0, -129.0, -128.0, -1.0, 0.0, 126.0, 127.0, 128.0, 255.0, 256.0, 1e10])
show(torch.quantize_per_tensor(big, 1.0, 0, torch.qint8).int_repr())
show(torch.quantize_per_tensor(big, 1.0, 0, torch.quint8).int_repr())
show(torch.quantize_per_tensor(big, 1.0, 0, torch.qint32).int_repr())
show(torch.quantize_per_tensor(big, 1.0, 127, torch.qint8).int_repr())
show(torch.quantize_per_tensor(big, 1.0, -128, torch.qint8).int_repr())
show(torch.quantize_per_tensor(big, 1.0, 255, torch.quint8).int_repr())
huge = torch.tensor([3e9, -3e9, 2147483647.0, -2147483648.0, 1e20, -1e20])
show(torch.quantize_per_tensor(huge, 1.0, 0, torch.qint32).int_repr())
show(torch.quantize_per_tensor(huge, 1.0, 5, torch.qint32).int_repr())
show(torch.quantize_per_tensor(huge, 1.0, 0, torch.qint32))
