# Complex values written by indexing (x[i] = 1j: valueToTensor's complex
# Scalar, checked by Scalar::to<T> for the tensor's dtype), fill_ with a
# complex 0-dim tensor (item() keeps both parts), fill_/index_fill_ on
# conjugated views (the math-bit fallback writes a clone, copied back), and
# index_fill_ of complex tensors and complex values.
import torch


def attempt(f):  # a failure inside a loop prints as a statement's does
    try:
        r = f()
        if r is not None:
            print(r)
    except Exception as e:
        print("%s: %s" % (type(e).__name__, str(e).split("\n")[0]))


def setitem(x, i, v):
    x[i] = v


for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.uint8,
           torch.bool, torch.complex64, torch.complex128):
    x = torch.zeros(3, dtype=dt)
    attempt(lambda: setitem(x, 0, 1j))
    attempt(lambda: setitem(x, 1, 2 + 0j))
    attempt(lambda: setitem(x, slice(1, None), 3 + 1j))
    attempt(lambda: setitem(x, torch.tensor([2]), 1e39j))
    attempt(lambda: setitem(x, 0, complex(1e39, 0)))
    attempt(lambda: setitem(x, 0, complex(float("inf"), float("nan"))))
    print(dt, x)
w = torch.tensor([2 - 1j, 0.5j, 3, -1, 1 + 1j, 2])
d = w.clone(); cd = d.conj(); cd[0] = 5j; print(d)
d = w.clone(); cd = d.conj(); cd[0] = 5; print(d)
d = w.clone(); cd = d.conj(); cd.fill_(5j); print(d)
d = w.clone(); cd = d.conj(); cd.fill_(torch.tensor(5j)); print(d)
d = w.clone(); cd = d.conj(); cd[1:3] = 2 + 1j; print(d)
d = w.clone(); cd = d.conj(); cd[torch.tensor([0, 2])] = 3j; print(d)
d = w.clone(); cd = d.conj(); cd[0] = torch.tensor(5j); print(d)
d = w.clone(); cd = d.conj(); cd.masked_fill_(torch.tensor([True, False] * 3), 7j); print(d)
d = w.clone(); cd = d.conj(); cd.index_fill_(0, torch.tensor([1]), 7j); print(d)
d = w.clone(); n = torch._neg_view(d); n.fill_(1j); print(d)
d = w.clone(); n = torch._neg_view(d); n[0] = 1 + 1j; print(d)
d = w.clone(); d.fill_(torch.tensor(2 - 3j, dtype=torch.complex128)); print(d)
d = torch.zeros(2); d.fill_(torch.tensor(2 - 3j))
d = torch.zeros(2); d.fill_(torch.tensor(2 + 0j)); print(d)
for dt in (torch.complex64, torch.complex128, torch.float32, torch.int64, torch.bool):
    x = torch.zeros(2, 3, dtype=dt)
    attempt(lambda: x.index_fill(1, torch.tensor([0, 2]), 1 + 2j))
    attempt(lambda: x.index_fill(0, torch.tensor([1]), 3))
    attempt(lambda: x.index_fill(1, torch.tensor([1]), torch.tensor(2 - 1j)))
    attempt(lambda: x.index_fill(1, torch.tensor([1]), torch.tensor(2.5)))
    attempt(lambda: torch.zeros(3, dtype=dt).index_fill_(0, torch.tensor([-1]), 1e39j))
    attempt(lambda: torch.zeros(3, dtype=dt).index_fill_(0, torch.tensor([0]), complex(1e39, 0)))
    attempt(lambda: torch.zeros(3, dtype=dt).index_fill_(0, torch.tensor([5]), 1j))
    attempt(lambda: torch.zeros(3, dtype=dt).index_fill_(0, torch.tensor([0]), torch.tensor([1j, 2j])))
    attempt(lambda: torch.zeros(3, dtype=dt).index_fill_(0, torch.tensor([1]), torch.tensor(1j, dtype=torch.complex128)))
y = torch.zeros(4, dtype=torch.complex128); y.conj().index_fill_(0, torch.tensor([1, 3]), 5j); print(y)
print(torch.zeros(2, 3, dtype=torch.complex64).conj().index_fill(1, torch.tensor([1]), 1j))
trace_on()
x = torch.zeros(3, dtype=torch.complex64)
x[0] = 1j
x[1:] = 2j
x.conj().fill_(3j)
x.index_fill_(0, torch.tensor([0]), 4j)
