# The lazy IR of the *_scatter operators, functional and out=: slice's and
# as_strided's SymInts are prim::Constant operands, select's and diagonal's ints attributes.
import torch
a = torch.arange(12.).reshape(3, 4).to('lazy')
lazy_ir(torch.select_scatter(a, torch.ones(4).to('lazy'), 0, -1))
lazy_ir(torch.slice_scatter(a, torch.ones(3, 2).to('lazy'), 1, 1, 3, 1))
lazy_ir(torch.ops.aten.slice_scatter(a, torch.ones(1, 4).to('lazy'), 0, -1))
lazy_ir(torch.diagonal_scatter(a, torch.ones(3).to('lazy'), -1, 1, 0))
lazy_ir(torch.as_strided_scatter(a, torch.ones(2, 2).to('lazy'), (2, 2), (1, 2), 1))
lazy_ir(torch.as_strided_scatter(a, torch.ones(2).to('lazy'), (2,), (4,)))
o = torch.empty(0).to('lazy')
torch.ops.aten.slice_scatter.out(a, torch.ones(3, 2).to('lazy'), 1, 0, None, 2, out=o)
lazy_ir(o)
print(o.cpu())
torch.select_scatter(a, torch.ones(3).to('lazy'), 0, 0)
