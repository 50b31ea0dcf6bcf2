# Views record nodes on their input; an in-place operator on a view records
# the functional node and rewrites the base through lazy::view_scatter; the
# base and the other views see the write.
# lazy_ir(t) shows the value t holds as it stands: as in 1.13, whose
# functionalization applies a write through a view to the base (and to the
# other views) only when an operator next reads them, the base and the
# other views show their old graph until then; `a * 1` reads a.
# NB: not a recorded conformance script: 1.13 shows the write as
# select_scatter/slice_scatter nodes where minaten has one lazy::view_scatter
# (the values agree: see tests/conformance/lazy/).
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
p, q = a.split(2, 1)
lazy_ir(q)
show(q)
