# bools print True/False aligned
print(torch.tensor([True, False]))
print(torch.tensor([[True], [False]]))
print(torch.tensor(False))
print(torch.ones(2, 2, dtype=torch.bool))
