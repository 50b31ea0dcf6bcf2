# Views record nodes on their input; an in-place operator on a view records
# the functional node and rewrites the base through lazy::view_scatter; the
# base and the other views see the write.
# NB: not a recorded conformance script: 1.13's functionalization applies a
# write through a view to the base only when the base is next used, so its
# _get_tensors_text([a]) still shows the old graph here; minaten's IR shows
# the write at once (the values agree: see tests/conformance/lazy/).
import torch
a = torch.arange(12.).reshape(3, 4).to("lazy")
v = a[1]
lazy_ir(v)
w = a.t().reshape(12)
lazy_ir(w)
v.add_(100)
lazy_ir(v)
lazy_ir(a)
lazy_ir(w)
s = a[:, 1:][0]
s.zero_()
lazy_ir(a)
show(a)
a.mul_(2)
lazy_ir(a)
lazy_ir(v)
show(v)
p, q = a.split(2, 1)
lazy_ir(q)
show(q)
