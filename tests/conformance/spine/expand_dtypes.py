# expand's error names the tensor type
torch.zeros(2, dtype=torch.int64).expand(1)
torch.zeros(2, 2).expand(3)
torch.zeros(2, 2, dtype=torch.bool).expand(3)
torch.zeros(2, 2, dtype=torch.int32).expand(2)
show(torch.zeros(1, dtype=torch.int16).expand(3))
