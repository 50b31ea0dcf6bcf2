# integer division: true division gives floats, rounding modes keep ints, zero divisors
a = torch.tensor([7, -7, 0])
print(a / 2)
print(a / 0)
print(a // 2)
a // 0
print(a % 3)
a % 0
print(torch.div(a, 2, rounding_mode='floor'))
print(torch.div(a, -2, rounding_mode='trunc'))
torch.div(a, 0, rounding_mode='trunc')
print(torch.tensor([7., -7., 0.]) // 0)
print(torch.tensor([7., -7.]) % 0)
a /= 2
a.div_(2, rounding_mode='floor')
print(a)
b = torch.tensor([7, -7], dtype=torch.int8)
print(b // 2)
print((b // 2).dtype)
print(torch.tensor([-128], dtype=torch.int8) // -1)
a = torch.tensor([7, -7, 0])
trace_on()
x = a // 2
y = a // torch.tensor([2, 2, 2])
z = torch.floor_divide(a, 2)
w = 7 // a[:2]
a //= 2
trace_off()
show(w)
print(torch.tensor([True]) // torch.tensor([True]))
print(torch.tensor([7.5]) // 2)
print(torch.tensor([7]) // 2.5)
