# Matrix products at 1, 2 and 4 threads.  1.13 leaves a product's threads
# to its BLAS; minaten's gemm cuts the rows of C over the intra-op threads
# and bmm its matrices (Note [A gemm on threads]).  The operands are small
# integers, so every product is exact in any summation order and the
# printed values check only that each element of C is computed once, by
# the right rows and columns, whatever the cut.
import torch

def ints(n, m, mod, dtype=torch.float32):
    return (torch.arange(n * m) % mod - mod // 2).to(dtype).view(n, m)

a = ints(301, 517, 7)
b = ints(517, 403, 5)
ad = ints(131, 257, 9, torch.float64)
bd = ints(257, 199, 3, torch.float64)
v = (torch.arange(517) % 3 - 1).float()
A = ints(9 * 67, 129, 5).view(9, 67, 129)
B = ints(9 * 129, 71, 7).view(9, 129, 71)
def check(c):
    # exact in float32: each element weighted by its position mod 11
    w = (torch.arange(c.numel()) % 11).to(c.dtype).view(c.shape)
    return (c.abs().sum().item(), (c * w).sum().item())

for n in [1, 2, 4]:
    torch.set_num_threads(n)
    print("threads", torch.get_num_threads())
    c = a @ b
    print(check(c), c[0, :4].tolist(), c[300, -3:].tolist(), c[150, 200].item())
    ct = (b.t() @ a.t())
    print(check(ct), ct[402, 300].item(), (ct - c.t()).abs().max().item())
    cd = ad @ bd
    print(check(cd), cd[130, -2:].tolist())
    print(check(a @ v), check(v @ b), (a @ v)[-5:].tolist(), (v @ b)[:4].tolist())
    C = torch.bmm(A, B)
    print(check(C), C[8, 66, -2:].tolist(), C[4, 0, :2].tolist())
    s = a[1::2, 3:] @ b[3:, ::2]
    print(s.shape, check(s), s[-1, -1].item())
