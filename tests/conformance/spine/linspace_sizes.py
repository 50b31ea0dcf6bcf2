# linspace and logspace at sizes that cross the vector blocks and parallel_for's grain (32768), at 1 and 2 threads: every value bit for bit (hashed), the first half from start and the second from end.  Apart from spine/factories_linspace because valgrind leaves it out (tests/conformance/register_tests.cmake)
import hashlib
def bits(t):
    return hashlib.md5(repr([v.hex() if isinstance(v, float) else v for v in t.tolist()]).encode()).hexdigest()[:16]
for n in [16, 17, 31, 33, 64, 65, 100, 257, 1001, 32768, 32769, 100003]:
    for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8]:
        lo, hi = (-58.77, 70.1) if dt.is_floating_point else (0 if dt == torch.uint8 else -100, 120)
        print(n, dt, bits(torch.linspace(lo, hi, n, dtype=dt)), bits(torch.linspace(hi, lo, n, dtype=dt)))
    print(n, bits(torch.linspace(-2**62, 2**62 - 1, n, dtype=torch.int64)), bits(torch.linspace(1e-3, 3e7, n, dtype=torch.float64)))
    print(n, bits(torch.logspace(-3.3, 2.7, n)), bits(torch.logspace(0, 5, n, base=2.5, dtype=torch.int64)))
torch.set_num_threads(2)
print(bits(torch.linspace(-58.77, 70.1, 100003)), bits(torch.linspace(0, 1, 65537, dtype=torch.float64)))
print(bits(torch.linspace(-100, 120, 65537, dtype=torch.int32)), bits(torch.logspace(0, 1, 65537)))
