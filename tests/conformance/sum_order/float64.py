# float64 sums: 4 vector lanes instead of 8; dtype=float64 converts the float32 input
# first (keeping a dense input's strides), then sums in double
x = torch.arange(10000.).div(7)
print('double', x.double().div(3).sum().item())
print('dtype', x.sum(dtype=torch.float64).item(), x.reshape(100, 100).sum(0, dtype=torch.float64)[7].item())
y = x.double().reshape(100, 100)
print('dims', y.sum(0)[7].item(), y.sum(1)[7].item(), y.t().sum(0)[7].item(), y[:, ::3].sum().item())
for n in [3, 4, 5, 8, 15, 16, 17, 65, 1000, 4097, 32769]:
    v = torch.arange(n).remainder(13).sub(6).div(7).mul(torch.arange(float(n)).div(9)).double()
    print(n, v.sum().item(), v.mean().item())
b = torch.arange(24000).remainder(29).sub(14).div(11).mul(torch.arange(24000.).div(13)).reshape(20, 30, 40)
print('sliced f64', b[:, ::2].sum(dtype=torch.float64).item(), b.permute(2, 0, 1).sum(1, dtype=torch.float64)[2, 5].item())
i = torch.arange(100000)
print('int', i.sum().item(), i.sum(dtype=torch.float32).item(), i.sum(dtype=torch.float64).item())
print('bool', torch.arange(10).gt(3).sum().item(), torch.arange(10).gt(3).sum(dtype=torch.float32).item())
print('to float32', x.double().sum(dtype=torch.float32).item())
