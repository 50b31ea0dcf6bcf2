# Which of equal values amax/amin, max()/min() and max.dim keep, and the
# bits of a NaN they return: amax follows binary_kernel_reduce_vec's vector
# order (four accumulators, a later element wins a tie within a lane, the
# scalar tail keeps the earlier), max() vec::reduce_all's (one accumulator,
# a lane tree), max.dim the element at its first index.
import torch

def bits(t):
    return t.reshape(-1).view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

for n in [1, 3, 7, 8, 9, 31, 32, 33, 64, 100]:
    for first in sorted({0, min(1, n - 1), n - 1}):
        x = torch.zeros(n)
        x[first] = -0.0
        y = -torch.zeros(n)
        y[first] = 0.0
        print(n, first, bits(x.amax()), bits(x.max()), bits(y.amax()), bits(y.amin()), bits(y.min()), bits(x.min()),
              bits(x.double().amax()), bits(y.double().max()))
z = torch.zeros(40, 40)
z[::3] = -0.0
z[:, ::5] = -0.0
print(bits(z.amax(0))[:12], bits(z.amax(1))[:12], bits(z.t().amax(0))[:12], bits(z.max(0)[0])[:12], bits(z.amax()))
print(bits(z[:, 1:].amax(0))[:8], bits(z[::2, ::2].amax(1))[:8], bits(z.view(4, 10, 40).amax((0, 2))))
w = torch.arange(50.).sin()
w[7] = float("nan")
w[30] = -float("nan")
print(bits(w.amax()), bits(w.max()), bits(w[:5].max()), bits(w.view(5, 10).amax(1)), bits(w.view(5, 10).amax(0)))
print(bits(w.view(5, 10).max(1)[0]), bits(w.view(5, 10).min(0)[0]), w.view(5, 10).max(0)[1].tolist(), w.argmax().item())
print(bits(w.double().amax()), bits(w.double().max()), bits(w.double().view(5, 10).amin(0)))
