# mm, bmm, addmm, tril and triu as structured kernels whose meta functions
# say their outputs with set_output_raw_strided: the functional form makes
# a contiguous output, in place checks self ("Bad in-place call"), out= is
# checked and resized.  Which checks are the meta function's (they run on
# meta tensors too) and which the impl's (dtypes, addmm's expand of self,
# tril's dims) is 1.13's
import torch
M = dict(device="meta")
cases = [
 lambda: torch.mm(torch.ones(2, 3, **M), torch.ones(3, 2, dtype=torch.float64, **M)),
 lambda: torch.mm(torch.ones(2, 3), torch.ones(3, 2, dtype=torch.float64)),
 lambda: torch.mm(torch.ones(2, 3, 1, **M), torch.ones(3, 2, **M)),
 lambda: torch.mm(torch.ones(2, 3, **M), torch.ones(3, 2, **M).t()),
 lambda: torch.mm(torch.ones(2, 3, **M).t(), torch.ones(2, 4, **M)).stride(),
 lambda: torch.bmm(torch.ones(2, 2, 3, **M), torch.ones(2, 2, 3, **M)),
 lambda: torch.bmm(torch.ones(2, 2, 3, **M), torch.ones(2, 3, 3, dtype=torch.int64, **M)),
 lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 3, 3, dtype=torch.int64)),
 lambda: torch.bmm(torch.ones(2, 3), torch.ones(2, 3, 3)),
 lambda: torch.addmm(torch.ones(3, **M), torch.ones(2, 3, **M), torch.ones(3, 3, **M)).stride(),
 lambda: torch.addmm(torch.ones(3, dtype=torch.float64, **M), torch.ones(2, 3, **M), torch.ones(3, 3, **M)),
 lambda: torch.addmm(torch.ones(4, **M), torch.ones(2, 3, **M), torch.ones(3, 3, **M)),
 lambda: torch.addmm(torch.ones(4), torch.ones(2, 3), torch.ones(3, 3)),
 lambda: torch.ones(3, 3, **M).addmm_(torch.ones(3, 3, **M), torch.ones(3, 3, **M)).shape,
 lambda: torch.ones(3, 3, dtype=torch.int64).addmm_(torch.ones(3, 3), torch.ones(3, 3)),
 lambda: torch.ones(3, 1, **M).addmm_(torch.ones(3, 3, **M), torch.ones(3, 3, **M)),
 lambda: torch.ones(2).addmm_(torch.ones(2, 2), torch.ones(2, 2)),
 lambda: torch.mm(torch.ones(2, 3, dtype=torch.int32), torch.ones(3, 2, dtype=torch.int32)),
 lambda: torch.mm(torch.ones(2, 3, dtype=torch.bool), torch.ones(3, 2, dtype=torch.bool)),
 lambda: torch.mm(torch.ones(0, 3, dtype=torch.bool), torch.ones(3, 2, dtype=torch.bool)),
 lambda: torch.mm(torch.ones(2, 0, dtype=torch.bool), torch.ones(0, 2, dtype=torch.bool)),
 lambda: torch.mm(torch.ones(2, 3, dtype=torch.half), torch.ones(3, 2, dtype=torch.half)),
 lambda: torch.mm(torch.ones(0, 3), torch.ones(3, 2, dtype=torch.float64)),
 lambda: torch.mm(torch.ones(2, 0), torch.ones(0, 2, dtype=torch.float64)),
 lambda: torch.bmm(torch.ones(2, 1, 0), torch.ones(2, 0, 3)),
 lambda: torch.mm(torch.ones(2, 2), torch.ones(2, 2), out=torch.empty(0, dtype=torch.int64)),
 lambda: torch.addmm(torch.ones(2, 2), torch.ones(2, 3, dtype=torch.int64), torch.ones(3, 2, dtype=torch.int64)),
 lambda: torch.tril(torch.ones(0)),
 lambda: torch.triu(torch.ones(3)),
 lambda: torch.tril(torch.ones(3, **M)),
 lambda: torch.triu(torch.ones(3, 3, **M).t()).stride(),
 lambda: torch.tril(torch.ones(3, 3), out=torch.empty(3, 3, dtype=torch.float64)),
 lambda: torch.ones(2, 3, dtype=torch.int32).tril_(-1),
 lambda: torch.ones(3, 3).t().triu_(),
 lambda: torch.ones(2, 2, 3).triu(1),
 lambda: torch.tril(torch.arange(9.).reshape(3, 3).t(), 0),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__, e)
# out=: resized (with 1.13's warning for one that held elements), written
# through a transposed out that has the shape already
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(6.).reshape(3, 2)
out = torch.empty(2, 2).t()
print(torch.mm(a, b, out=out), out.stride())
out = torch.empty(3, 3)
print(torch.mm(a, b, out=out), out.stride())
out = torch.empty(0, **M)
print(torch.bmm(torch.ones(2, 2, 3, **M), torch.ones(2, 3, 4, **M), out=out).shape, out.stride())
out = torch.empty(2, 3).t()
print(torch.triu(torch.ones(3, 2), out=out), out.stride())
out = torch.empty(2, 2)
print(torch.addmm(torch.ones(2), a, b, beta=2, alpha=0.5, out=out))
x = torch.ones(2, 2)
print(x.addmm_(a, b, beta=0), x.stride())
print(torch.bmm(torch.arange(12.).reshape(2, 2, 3), torch.arange(12.).reshape(2, 3, 2).transpose(1, 2).contiguous().transpose(1, 2)))
