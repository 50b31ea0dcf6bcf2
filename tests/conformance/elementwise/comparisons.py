# comparisons return bool tensors; numbers use the .Scalar overloads
a = torch.arange(6.).reshape(2, 3)
trace_on()
b = a < 2
c = 2 < a
d = a == a.t().t()
e = a >= torch.arange(3)
f = a != 3
g = a.le(2.5)
trace_off()
show(b)
show(c)
show(d)
show(e)
show(f)
show(g)
show(torch.tensor([1, 2]) == torch.tensor([1.0, 2.5]))
show(torch.tensor([True, False]) > 0)
