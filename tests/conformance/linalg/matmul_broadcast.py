# matmul with batch broadcasting and 1-D operands on N-D tensors
a = torch.arange(24.).reshape(2, 3, 4)
b = torch.arange(8.).reshape(4, 2)
trace_on()
x = a @ b
trace_off()
show(x)
c = torch.arange(8.).reshape(2, 1, 4, 1)
trace_on()
y = a @ c
trace_off()
show(y)
v = torch.arange(4.)
trace_on()
z = a @ v
trace_off()
show(z)
w = torch.arange(3.)
trace_on()
u = w @ a
trace_off()
show(u)
show(a.transpose(1, 2) @ a)
a @ torch.ones(3, 2)
torch.ones(2, 2, 3) @ torch.ones(3, 3, 2)
