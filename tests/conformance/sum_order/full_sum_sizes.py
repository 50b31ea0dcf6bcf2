# a float32 sum adds in float32, in the cascade order of 1.13's SumKernel: chunks of
# 16+ elements, four interleaved columns, 8 vector lanes, the tail, then the lanes.
# Printed with a label so that every bit of the Python float is compared.
x = torch.arange(10000.).div(7)
print('arange(10000)/7', x.sum().item())
print('as double', x.double().sum().item())
print('dtype=float64', x.sum(dtype=torch.float64).item())
for n in [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 511, 512, 513]:
    v = torch.arange(n).remainder(13).sub(6).div(7).mul(torch.arange(float(n)).div(9))
    print(n, v.sum().item())
for n in [1000, 1023, 1024, 1025, 2047, 2048, 4096, 4097, 5000, 8191, 8192, 10000, 32767, 32768, 32769, 65536, 65537, 100000]:
    v = torch.arange(n).remainder(13).sub(6).div(7).mul(torch.arange(float(n)).div(9))
    print(n, v.sum().item())
print('ones', torch.ones(100000).div(3).sum().item())
print('large and small', torch.tensor([1e8, 1., -1e8, 1.]).sum().item())
