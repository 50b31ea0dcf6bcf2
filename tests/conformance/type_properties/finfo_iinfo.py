# torch.finfo and torch.iinfo (csrc/TypeInfo.c): limits, printing (%g), the real
# type of a complex dtype, the default dtype's finfo(), equality, errors.
import torch
for dt in (torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128):
    f = torch.finfo(dt)
    print(repr(f), str(f), f.bits, repr(f.eps), repr(f.max), repr(f.min), repr(f.tiny), repr(f.smallest_normal), repr(f.resolution), f.dtype, type(f.dtype))
for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.bool):
    try:
        i = torch.iinfo(dt)
        print(repr(i), i.bits, i.max, i.min, i.dtype)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.finfo(), torch.finfo() == torch.finfo(torch.float32), torch.finfo(torch.float32) == torch.finfo(torch.float32), torch.finfo(torch.float32) != torch.finfo(torch.float64), torch.iinfo(torch.int8) == torch.iinfo(torch.int8))
print(type(torch.finfo(torch.float32)), type(torch.iinfo(torch.int32)), torch.finfo, torch.iinfo)
for f in (lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.float32), lambda: torch.finfo(1), lambda: torch.iinfo(),
          lambda: torch.finfo(torch.quint8), lambda: torch.finfo(type=torch.float64), lambda: torch.iinfo(type=torch.int16),
          lambda: torch.finfo(torch.float32).bits.__class__, lambda: hash(torch.finfo(torch.float32)) is not None, lambda: torch.finfo(torch.float32) == 1,
          lambda: torch.finfo(torch.float32, torch.float64), lambda: torch.iinfo(torch.bool)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
torch.set_default_dtype(torch.float64)
print(torch.finfo())
q = torch.iinfo(torch.quint8)
print(q.bits, q.min, q.max, torch.iinfo(torch.qint32).max, torch.iinfo(torch.qint8).min)
torch.finfo(torch.float32, 1, 2)
torch.finfo(1, 2)
torch.finfo(torch.float32, type=1)
torch.finfo(type=torch.float64, foo=1)
torch.iinfo(torch.int32, 1)
torch.iinfo(1, 2)
torch.iinfo()
torch.iinfo(type=torch.int8, foo=1)
print(torch.iinfo(type=torch.int16).max, torch.finfo(type=torch.float16).eps)
