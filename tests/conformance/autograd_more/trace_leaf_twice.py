# the operators a backward runs when one leaf is used twice: the engine sums into its input buffer (issue 14)
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
trace_on()
y.sum().backward()
trace_off()
print(x.grad)
x.grad = None
a = x.exp()
b = x.sin()
s = (a + b).sum()
trace_on()
s.backward()
trace_off()
print(x.grad)
x.grad = None
u = x * 2
v = u * u + u
trace_on()
v.sum().backward()
trace_off()
print(x.grad)
