# full infers its dtype from the fill value
trace_on()
a = torch.full((2, 2), 1.5)
trace_off()
show(a)
print(torch.full((2,), 3).dtype, torch.full((2,), True).dtype, torch.full((2,), 3.).dtype)
show(torch.full((3,), 2.7, dtype=torch.int32))
show(torch.full((2,), 7, dtype=torch.float64))
show(torch.full((), -1))
