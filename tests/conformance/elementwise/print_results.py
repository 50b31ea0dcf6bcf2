# results print in PyTorch's layout
a = torch.arange(6.).reshape(2, 3)
print(a / 3)
print(a * 1e6)
print(torch.arange(5) * 2)
print(torch.arange(4) < 2)
print(-torch.arange(3.))
print(torch.tensor([1, 2], dtype=torch.int32) + 1)
