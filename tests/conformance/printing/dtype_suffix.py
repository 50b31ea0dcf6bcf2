# dtype= follows the data unless the dtype is float32, int64 or bool
print(torch.ones(2, dtype=torch.float64))
print(torch.arange(3.).double())
print(torch.zeros(2, 2, dtype=torch.int32))
print(torch.tensor(3.5, dtype=torch.float64))
print(torch.ones(3).long())
