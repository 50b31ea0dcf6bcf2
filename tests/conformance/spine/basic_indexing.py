# basic indexing gives views through select, slice and unsqueeze
a = torch.arange(12.).reshape(3, 4)
trace_on()
r = a[1]
s = a[:, 1:3]
t = a[None, 0]
u = a[..., 2]
v = a[...]
trace_off()
show(r)
show(s)
show(t)
show(u)
show(v)
same_storage(a, s)
a[3]
a[0, 0, 0]
a[::-1]
print(a[1, 2].item(), a[-1, -1].item())
