# when a chunk would be split, reshape copies: clone then _unsafe_view
x = torch.arange(24.).reshape(2, 3, 4)
p = x.permute(2, 0, 1)
trace_on()
c = p.reshape(8, 3)
trace_off()
show(c)
same_storage(x, c)
