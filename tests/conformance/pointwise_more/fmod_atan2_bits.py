# Every bit of fmod and atan2 where 1.13's vector loops compute them with
# Sleef (Note [fmod and atan2 in 1.13's vector loops] in
# ops/cpu/BinaryOpsSleefLoops.h): at AVX2 the leading 2 * Vectorized::size()
# blocks of a contiguous row (or of a row against one number) go through
# Sleef_fmodf8 / Sleef_atan2f8_u10 (doubles: ...d4), the rest through glibc;
# atan2's last bit and the sign of fmod's NaN for a zero divisor tell them
# apart.  Recorded at AVX2, and into fmod_atan2_bits.default.out with
# ATEN_CPU_CAPABILITY=default (glibc everywhere):
#   ATEN_CPU_CAPABILITY=default /usr/bin/python3 tools/oracle/record.py --stdout \
#     tests/conformance/pointwise_more/fmod_atan2_bits.py > tests/conformance/pointwise_more/fmod_atan2_bits.default.out
import struct
import zlib
import torch


def bits(t):  # every bit (NaN signs too) as a short hash
    v = t.double().reshape(-1).tolist()
    return zlib.crc32(struct.pack("<%dd" % len(v), *v))


def hexes(t):  # float32 bit patterns
    return " ".join("%08x" % struct.unpack("<I", struct.pack("<f", v))[0] for v in t.tolist())


torch.manual_seed(3)
for dt in (torch.float32, torch.float64, torch.bfloat16):
    for n in (1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 30000):
        a = (torch.randn(n) * 10).to(dt)
        b = (torch.randn(n) * 3).to(dt)
        print(dt, n, bits(torch.atan2(a, b)), bits(torch.fmod(a, b)), bits(torch.atan2(a, torch.tensor(0.75, dtype=dt))),
              bits(torch.fmod(a, 0.75)), bits(torch.atan2(torch.tensor(0.3, dtype=dt), b)),
              bits(torch.fmod(torch.tensor(2.5, dtype=dt), b)))
    big = torch.randn(100003).to(dt)
    print(dt, "threads", bits(torch.atan2(big, big.flip(0))), bits(torch.fmod(big * 100, big.flip(0))))
# fmod by zero: Sleef's +NaN in the vector blocks, glibc's -NaN in the rest
s = torch.tensor([5.5, -5.5, 0., -0., float("inf"), float("nan"), 3., -3.] * 5)
d = torch.tensor([0., 2., 0., 3., 2., 1., float("inf"), -float("inf")] * 5)
print(hexes(torch.fmod(s, d)))
print(hexes(torch.fmod(s, 0.)))
print(hexes(torch.fmod(s[::2], d[::2])))
print(bits(torch.fmod(s.double(), d.double())), bits(torch.fmod(s.bfloat16(), d.bfloat16())))
print(torch.fmod(s.bfloat16(), d.bfloat16()).view(torch.int16).tolist())
print(bits(torch.fmod(s.half(), d.half())), torch.fmod(s.half(), d.half()).view(torch.int16).tolist())
# layouts: strided, transposed, broadcast rows, 0-dim operands, other dtypes
torch.manual_seed(4)
m = torch.randn(40, 50) * 4
k = torch.randn(40, 50)
print(bits(torch.atan2(m, k)), bits(torch.atan2(m.t(), k.t())), bits(torch.atan2(m[:, ::2], k[:, ::2])),
      bits(torch.atan2(m.t(), k.t().contiguous())), bits(torch.atan2(m, k[:1])), bits(torch.atan2(m[:, :1], k)),
      bits(torch.atan2(m, torch.tensor(1.5))), bits(torch.atan2(torch.tensor(-1.5), m)))
print(bits(torch.fmod(m, k)), bits(torch.fmod(m.t(), k.t())), bits(torch.fmod(m[:, ::2], k[:, ::2])),
      bits(torch.fmod(m.t(), k.t().contiguous())), bits(torch.fmod(m, k[:1])), bits(torch.fmod(m[:, :1], k)),
      bits(torch.fmod(m, torch.tensor(1.5))), bits(torch.fmod(torch.tensor(-1.5), m)))
ints = torch.randint(-1000, 1000, (2000,))
print(bits(torch.atan2(ints, ints.flip(0))), bits(torch.atan2(ints, torch.tensor(7))), bits(torch.atan2(m, ints[:50])),
      bits(torch.atan2(ints.to(torch.int32), torch.tensor(3.))), bits(torch.atan2(ints.double(), ints.flip(0).float())))
print(bits(torch.fmod(m, 2)), bits(torch.fmod(m.double(), 2)), bits(torch.fmod(ints.float(), ints.flip(0))),
      bits(torch.fmod(m, k.double())))
o = torch.empty(40, 50, dtype=torch.float64)
print(bits(torch.atan2(m, k, out=o)), bits(torch.fmod(m, k, out=o)))
c = m.clone()
c.atan2_(k)
e = m.clone()
e.fmod_(k)
print(bits(c), bits(e), bits(m.clone().atan2_(k[:1])), bits(m.clone().fmod_(1.25)))
