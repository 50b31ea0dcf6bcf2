# floating tensors: 4 decimals, integral values with a trailing dot
print(torch.tensor([1.5, -2.25, 0.1]))
print(torch.arange(6.).reshape(2, 3))
print(torch.tensor([0., -0., 3.]))
print(torch.tensor([[1.123456, 22.5], [-333.25, 0.5]]))
print(torch.tensor(2.))
print(torch.tensor(-0.125))
print(torch.zeros(2, 2))
