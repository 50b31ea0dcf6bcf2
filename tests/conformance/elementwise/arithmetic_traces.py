# Python operators map to aten operators as torch.Tensor defines them
a = torch.arange(6.).reshape(2, 3)
trace_on()
b = a + a
c = a + 1
d = 1 + a
e = a - 1
f = 1 - a
g = a * 2
h = 2 * a
i = a / 2
j = 2 / a
k = -a
trace_off()
show(b)
show(d)
show(f)
show(h)
show(j)
show(k)
