# complex64 and complex128 as dtypes: names, sizes, Python complex numbers,
# printing, conversions to and from the real dtypes (the imaginary part
# dropped with a warning), type promotion, item/tolist/numpy, and the
# factories that take a complex fill value.
import numpy as np
import torch

for dt in (torch.complex64, torch.complex128):
    print(dt, repr(dt), dt.is_floating_point, dt.is_signed, dt.is_complex, torch.tensor([], dtype=dt).element_size())
print(torch.cfloat is torch.complex64, torch.cdouble is torch.complex128)

vals = [1 + 2j, -3.5 - 0j, 1e-5j, complex(float('inf'), -1), complex(float('nan'), 0.5), -0.0j, 2.25]
for dt in (torch.complex64, torch.complex128):
    t = torch.tensor(vals, dtype=dt)
    print(t)
    print(t.tolist())
    print(t.type(), t[0].item(), complex(t[1]), bool(t[2]), bool(torch.tensor(0j, dtype=dt)))
    print(t.to(torch.float32), t.to(torch.int64).tolist(), t.to(torch.bool).tolist(), t.to(torch.float16).tolist())
    print(torch.tensor([1, 2, 3]).to(dt), torch.tensor([True, False]).to(dt), torch.tensor([0.5]).to(dt))
    print(torch.full((2, 2), 1 - 2j, dtype=dt), torch.zeros(2, dtype=dt), torch.ones(1, 3, dtype=dt))
    try:
        float(t[0])
    except Exception as e:
        print(type(e).__name__, e)
print(torch.tensor(1j).dtype, torch.tensor([1, 2j]).dtype, torch.full((1,), 2j).dtype)
print(torch.tensor([[1 + 2j, 3], [4j, 5.25]], dtype=torch.complex128))
print(torch.tensor([1e10 + 1j, 1j]), torch.tensor([[0.5 + 0.25j] * 30]))
print(torch.tensor(3 - 4j), torch.tensor([complex(0, -0.0), complex(-0.0, 0)]))

for other in (torch.uint8, torch.int64, torch.bool, torch.float16, torch.bfloat16, torch.float32, torch.float64,
              torch.complex64, torch.complex128):
    print(other, torch.promote_types(torch.complex64, other), torch.promote_types(torch.complex128, other),
          torch.can_cast(torch.complex64, other), torch.can_cast(other, torch.complex64))
print(torch.result_type(torch.tensor([1.0]), 1j), torch.result_type(torch.tensor([1], dtype=torch.float64), 1j),
      torch.result_type(torch.tensor(1j), torch.tensor([1.0], dtype=torch.float64)))

for v in (1 + 1j, 1e300, 1e300j, 2.5):
    for dt in (torch.complex64, torch.float32, torch.float64, torch.int64, torch.bool):
        try:
            print(v, dt, torch.zeros(1, dtype=dt).fill_(v).tolist())
        except Exception as e:
            print(v, dt, type(e).__name__, e)

a = torch.tensor([[1 + 2j, -1j], [3, 4.5 - 2j]])
n = a.numpy()
print(n.dtype, n.tolist(), a.to(torch.complex128).numpy().dtype)
b = torch.from_numpy(np.array([1 + 1j, 2], dtype=np.complex128))
print(b, b.dtype, torch.tensor(np.complex64(1 + 2j)), torch.tensor([np.complex128(3j)]))
n[0, 0] = 7 + 7j
print(a[0, 0])
print(a.is_complex(), a.real.is_complex(), torch.zeros(1).is_complex(), a.is_floating_point())
