# a permute that keeps chunks whole still reshapes as a view
x = torch.arange(24.).reshape(2, 3, 4)
p = x.permute(2, 0, 1)
trace_on()
v = p.reshape(4, 6)
trace_off()
show(v)
same_storage(x, v)
print(p.stride(), v.stride())
