# suffixes move to a new line past 80 columns
print(torch.arange(15, dtype=torch.int32))
print(torch.full((12,), 123456, dtype=torch.int32))
print(torch.full((3, 12), 1.5, dtype=torch.float64))
print(torch.zeros(0, 5, 7, 9, 11, dtype=torch.int16))
