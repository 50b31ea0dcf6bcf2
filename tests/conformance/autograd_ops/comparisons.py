# the functional comparisons (eq ne lt le gt ge, .Scalar and .Tensor): bool
# outputs that never require grad and have no grad_fn, even with inputs that
# require grad; a comparison inside a differentiable graph cuts no edge it
# should not (issue 14)
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = torch.tensor([[1., 0.], [5., 4.]], requires_grad=True)
for r in [x.eq(1), x.ne(1), x.lt(2), x.le(2), x.gt(2), x.ge(2)]:
    print(r, r.requires_grad, r.grad_fn, r.is_leaf)
for r in [x == y, x != y, x < y, x <= y, x > y, x >= y]:
    print(r, r.requires_grad, r.grad_fn)
print(torch.eq(x, 3).requires_grad)
print(torch.ne(x, y).grad_fn)
print((2 < x).grad_fn)
print(x.eq(torch.tensor(2.)).requires_grad)
# used as a mask and as a factor
m = x > 2
z = torch.where(m, x * y, x)
z.sum().backward()
print(x.grad)
print(y.grad)
x.grad = None
z = (x * (x >= 2)).sum()
print(z.grad_fn.name())
trace_on()
z.backward()
trace_off()
print(x.grad)
with torch.no_grad():
    print(x.lt(y).requires_grad)
(x == y).sum().backward()
