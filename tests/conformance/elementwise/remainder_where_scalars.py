# remainder (Python %) and where with Python numbers: traces, signs, dtypes, errors
c = torch.tensor([True, False])
a = torch.tensor([1., 2.])
trace_on()
x = torch.where(c, a, 0)
y = torch.where(c, 1, a)
z = torch.where(c, 1, 2.5)
w = a % 2
v = a.remainder(a)
u = 5 % a
trace_off()
show(x)
show(y)
show(z)
show(u)
torch.zeros(0).argmax()
torch.zeros(0).amin()
torch.zeros(0, 3).amax(1)
torch.zeros(0, 3).amax(0)
print(torch.tensor([-7, 7, -7, 7]) % torch.tensor([3, 3, -3, -3]))
print(torch.tensor([-7., 7., -7., 7., 0.5]) % torch.tensor([3., 3., -3., -3., float('inf')]))
torch.tensor([1, 2]) % 0
print(torch.tensor([1., -2.]) % 0)
print(torch.tensor([True]) % True)
print((torch.tensor([5], dtype=torch.int8) % 3.5).dtype)
b = torch.tensor([5, -5])
b %= 3
show(b)
b.remainder_(2.5)
