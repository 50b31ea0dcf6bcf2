# three and four dimensions: blank lines between blocks
print(torch.arange(24).reshape(2, 3, 4))
print(torch.arange(16.).reshape(2, 2, 2, 2))
print(torch.zeros(1, 1, 1))
print(torch.ones(2, 1, 2))
