# composite operators never appear in a trace, only what they decompose into
a = torch.arange(12.).reshape(3, 4)
trace_on()
b = a.flatten()
c = a.view_as(torch.zeros(12))
d = a.reshape_as(torch.zeros(4, 3))
e = a.contiguous()
f = a.narrow(0, 1, 1)
g = a.to(torch.float32)
h = a.T
trace_off()
print(b.shape, c.shape, d.shape, f.shape, g.dtype, h.shape)
