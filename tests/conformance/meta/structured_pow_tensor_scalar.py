# pow.Tensor_Scalar as a structured operator (issue 35): the meta function
# refuses integers to negative integer powers and builds a unary iterator
# over base.to(result_type(base, exponent)); the impl fills 1 for an
# exponent of 0, copies base for 1, else runs 1.13's kernel: 0.5 as sqrt,
# -0.5 as rsqrt, -1 as reciprocal, 2, 3, -2 as products, the power else
m = torch.empty(2, 3, device="meta")
print((m ** 2).shape, m.t().pow(0.5).stride(), torch.empty(3, dtype=torch.int32, device="meta").pow(2.5).dtype)
print(m.pow_(3).shape, torch.pow(m, 2, out=torch.empty(0, device="meta")).shape)
torch.empty(3, dtype=torch.int64, device="meta").pow(-1)
torch.empty(3, dtype=torch.int64, device="meta").pow_(0.5)
torch.pow(m, 2, out=torch.empty(0, dtype=torch.float64, device="meta"))
x = torch.tensor([-0., -float("inf"), 4., 2., float("nan")])
print(x ** 0.5, x ** -0.5, x ** -1)
print(x ** 0, x ** 1, x ** 0.0, torch.tensor([1, 2, 3]) ** 0, torch.tensor([1, 2, 3]) ** 1.0)
y = torch.linspace(0.1, 7.3, 2000)
e = y.double()
for p in [0.5, -0.5, -1., 2., 3., -2.]:
    print(p, int(((y ** p).double() != (e ** p).float().double()).sum()))
print(torch.tensor([1, 2, 3], dtype=torch.uint8) ** 2, torch.tensor([-2, 3]) ** 3, torch.tensor([True, False]) ** 2)
print(torch.tensor([4, 9]) ** 0.5, torch.tensor([2.], dtype=torch.float64) ** 2, torch.tensor([2.], dtype=torch.bfloat16) ** 2)
z = torch.tensor([[1., 2.], [3., 4.]])
z.t().pow_(2)
print(z)
i = torch.tensor([1, 2])
i.pow_(2)
print(i)
i.pow_(0.5)
i.pow_(-2)
o = torch.zeros(2, dtype=torch.float64)
torch.pow(torch.tensor([1., 2.]), 2, out=o)
o = torch.zeros(3)
print(torch.pow(torch.tensor([1., 2.]), 3, out=o), o.shape)
print(torch.pow(torch.tensor([3, 4]), 0, out=torch.zeros(2, dtype=torch.int64)), torch.pow(torch.tensor([3., 4.]), 1, out=torch.zeros(2)))
a = torch.tensor([1., 2.], requires_grad=True)
r = a ** 3
r.sum().backward()
print(r.grad_fn.name(), a.grad)
