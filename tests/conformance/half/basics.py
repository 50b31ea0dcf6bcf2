# float16 and bfloat16 as dtypes: names, sizes, conversions (round to
# nearest even, through float from double, overflow to inf, NaN), printing,
# Python numbers, type promotion and the legacy tensor types.
import torch

for dt in (torch.float16, torch.bfloat16):
    print(dt, repr(dt), dt.is_floating_point, dt.is_signed, dt.is_complex, torch.tensor([], dtype=dt).element_size())
print(torch.half is torch.float16, torch.float16 == torch.half)

vals = [1 / 3, 0.1, 65504.0, 65519.9, 65520.0, 70000.0, 1e-8, 6e-8, 3e-8, 2.9e-8, -0.0, float('inf'), float('nan'),
        3.3895313892515355e38, 3.39e38, 1e39, 1.00390625, 1.01171875, 257.0, 259.0]
for dt in (torch.float16, torch.bfloat16):
    t = torch.tensor(vals, dtype=dt)
    print(t)
    print(t.tolist())
    print(torch.tensor(vals).to(dt).tolist())
    print(torch.tensor(vals, dtype=torch.float64).to(dt).tolist())
    print(torch.tensor([1, 2049, 2051, 65505, -300, 2**40], dtype=torch.int64).to(dt).tolist())
    print(t.to(torch.int32).tolist()[:6], t.to(torch.uint8).tolist()[:6], t.to(torch.bool).tolist()[:6])
    print(t[0].item(), type(t[0].item()), float(t[1]), int(t[2]), bool(t[3]))
    print(torch.full((2,), 2.5, dtype=dt), torch.zeros(2, 2, dtype=dt), torch.ones(3, dtype=dt).sum())
    print(torch.arange(4, dtype=dt), torch.empty(0, dtype=dt), torch.tensor(3.5, dtype=dt))
    for v in (65504.0, 65504.5, 1e39, -1e39, float('inf'), float('nan'), 70000):
        try:
            print(v, torch.tensor([0.0], dtype=dt).fill_(v))
        except Exception as e:
            print(v, type(e).__name__, e)

print(torch.promote_types(torch.half, torch.bfloat16), torch.promote_types(torch.half, torch.int64),
      torch.promote_types(torch.bfloat16, torch.uint8), torch.promote_types(torch.bool, torch.half),
      torch.promote_types(torch.half, torch.float32), torch.promote_types(torch.bfloat16, torch.float64))
print(torch.can_cast(torch.half, torch.int32), torch.can_cast(torch.float64, torch.half),
      torch.can_cast(torch.half, torch.bool), torch.can_cast(torch.int64, torch.bfloat16))
h = torch.tensor([1.5, 2.5], dtype=torch.half)
bf = torch.tensor([1.5, 2.5], dtype=torch.bfloat16)
print((h + bf).dtype, (h + 1).dtype, (h + 1.5).dtype, (h + torch.tensor(1.5)).dtype, (h + torch.tensor([1.5])).dtype,
      (torch.tensor([1, 2]) + h).dtype, (torch.tensor([1, 2]) / 2).dtype, (h > 1).dtype, (h * True).dtype)
print(torch.result_type(h, 1.0), torch.result_type(bf, torch.tensor(1, dtype=torch.int64)))
print(h.type(), bf.type(), h.type(torch.float32).type(), torch.tensor([1.0]).type('torch.HalfTensor'),
      torch.HalfTensor([1, 2]), torch.BFloat16Tensor(2).shape, isinstance(h, torch.HalfTensor))
print(h.half() is h, h.bfloat16(), bf.half(), h.float().dtype, h.double().dtype)
print(h.view(torch.int16), bf.view(torch.int16), torch.tensor([15360, -17408], dtype=torch.int16).view(torch.half),
      h.view(torch.bfloat16), torch.tensor([1.0, 2.0]).view(torch.half))
print(torch.randn(3, dtype=torch.half).dtype, torch.rand(2, 2, dtype=torch.bfloat16).shape)
print(torch.tensor([[1e-5, 1.0], [100.0, 2.0]], dtype=torch.half), torch.tensor([1.0, 2.0, 3.0], dtype=torch.bfloat16),
      torch.tensor([1e10, 1.0], dtype=torch.bfloat16))
for d in (torch.float16, torch.bfloat16):
    torch.set_default_dtype(d)
    print(torch.tensor([1.5, 1 / 3]), torch.ones(2).dtype, (torch.tensor([1]) / 3), torch.get_default_dtype())
torch.set_default_dtype(torch.float32)
