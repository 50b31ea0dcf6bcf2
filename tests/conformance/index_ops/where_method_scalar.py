# Tensor.where has one overload in 1.13 (where.self, a tensor for `other`):
# where.ScalarOther is a function only, so a number for `other` is a
# TypeError from the method, and torch.where takes it.
x = torch.tensor([1., -2., 3.])
print(x.where(x > 0, torch.tensor(0.)))
print(x.where(x > 0, 2.5))
print(torch.where(x > 0, x, 2.5))
print(torch.where(x > 0, 2.5, x))
print(x.where(x > 0, torch.tensor(0)))
