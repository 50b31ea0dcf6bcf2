# softmax and log_softmax, forward and backward, bit for bit at 1 and 2
# threads (issue 34): rows and columns that leave vector tails, chunks of
# parallel_for that end inside a row of columns (the scalar tails of the
# loop over another dimension), and rows holding NaN, infinities, zeros of
# both signs.  Each result is printed as a hash of its bits, NaNs counted
# as one value: which NaN an operation on two NaNs returns is the first
# operand's on x86, and compilers swap the operands of + and *.
import torch


def h(t):
    t = t.masked_fill(t.isnan(), 7.0)
    b = t.contiguous().flatten().view(torch.int32).long()
    w = torch.arange(b.numel()) % 1000 + 1
    return (b * w).sum().item()


def special(x, dim):
    r = x.transpose(dim, -1)
    if r.shape[-1] < 3:
        return
    r[..., 0, 1] = float("nan")
    if r.dim() > 1 and r.shape[-2] > 4:
        r[..., 1, :] = -float("inf")
        r[..., 2, 2] = float("inf")
        r[..., 3, :] = 0.0
        r[..., 3, ::3] = -0.0
        r[..., 4, :] = -2.5


torch.manual_seed(0)
cases = (((300, 1024), 1), ((1024, 300), 0), ((1000, 100), 0), ((64, 10), 1), ((5, 37, 19), 1),
         ((3, 1000), 1), ((2, 513, 70), 2), ((257, 3), 1), ((7, 4100), 1), ((6, 1100, 9), 1),
         ((40, 67), 1), ((9, 5), 1), ((33, 12, 20), 0))
for dtype in (torch.float32, torch.float64):
    for shape, dim in cases:
        x = torch.randn(shape, dtype=dtype) * 4
        g = torch.randn(shape, dtype=dtype)
        special(x, dim)
        for n in (1, 2):
            torch.set_num_threads(n)
            y = torch.softmax(x, dim)
            ly = torch.log_softmax(x, dim)
            print(dtype, shape, dim, n, h(y), h(ly),
                  h(torch._softmax_backward_data(g, y, dim, dtype)),
                  h(torch._log_softmax_backward_data(g, ly, dim, dtype)))
