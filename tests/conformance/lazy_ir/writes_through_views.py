# Writes through views of a lazy tensor, as 1.13's functionalization records
# them: a view is its *_copy node on the base's value; an in-place operator on
# a view is its functional node, and the base is written back through the
# view's *_scatter node (select_scatter, slice_scatter, diagonal_scatter,
# as_strided_scatter for t()[0] and views of views).  lazy_ir(t) shows the
# value t holds as it stands: a write through a view reaches the base and
# the other views only when an operator next reads them (`a * 1`).
import torch
a = torch.arange(12.).reshape(3, 4).to("lazy")
v = a[1]
lazy_ir(v)
w = a.t().reshape(12)
lazy_ir(w)
v.add_(100)
lazy_ir(v)
lazy_ir(a)
lazy_ir(a * 1)
lazy_ir(w)
lazy_ir(w * 1)
s = a[:, 1:][0]
s.zero_()
lazy_ir(a)
lazy_ir(a * 1)
show(a)
a.mul_(2)
lazy_ir(a)
lazy_ir(v)
show(v)
b = torch.zeros(3, 3).to("lazy")
b.diagonal().fill_(1)
lazy_ir(b * 1)
show(b)
c = torch.zeros(2, 3).to("lazy")
c.t()[0].add_(5)
lazy_ir(c * 1)
show(c)
d = torch.arange(6.).to("lazy")
d.view(2, 3)[1].mul_(-1)
lazy_ir(d * 1)
show(d)
e = torch.zeros(4, 4).to("lazy")
e[1:3, 1:3].fill_(7)
lazy_ir(e * 1)
show(e)
f = torch.zeros(2, 3).to("lazy")
f.transpose_(0, 1)
f[0].fill_(1)
lazy_ir(f * 1)
show(f)
g = torch.ones(5).to("lazy")
g.resize_(2)
g.add_(1)
lazy_ir(g * 1)
show(g)
