# basic indexing: integers, steps, ellipsis and None together
a = torch.arange(24.).reshape(2, 3, 4)
trace_on()
x = a[1, ..., None, ::2]
trace_off()
show(x)
show(a[..., 1])
show(a[None, :, None, 1])
show(a[-1, -1, -1])
show(a[:, ::-1] if False else a[:, 1:])
show(a[0, 1:, 3:1])
show(a[:, :, 10:])
show(a[..., None])
a[2]
a[0, 3]
a[..., ...]
a[0, 0, 0, 0]
a[::0]
a[:, -4]
show(a[True])
show(a[False])
show(a[None, None])
