# masked_fill reads a bool mask as bool and any other mask as the unsigned byte at each element's
# address (the low byte of an int64, the first byte of a float: 1.0 reads as 0), which must be 0 or 1
# ("Mask tensor can take 0 and 1 values only", raised as the walk meets it, in self's memory order,
# after the elements before it are filled); minaten took any nonzero byte as set
import torch
print(torch.zeros(3).masked_fill_(torch.tensor([0, 1, 1]), 5))
print(torch.zeros(3).masked_fill_(torch.tensor([0, 257, 1]), 5))
print(torch.zeros(3).masked_fill(torch.tensor([0., 1., 1.]), 5))
print(torch.zeros(3).masked_fill_(torch.tensor([0, 2, 1], dtype=torch.uint8), 5))
x = torch.zeros(2, 3)
x.t().masked_fill_(torch.tensor([[1], [2], [1]], dtype=torch.uint8), 5)
print(x)
y = torch.zeros(3)
y[torch.tensor([1, 0, 3], dtype=torch.uint8)] = 4
print(y)
print(torch.zeros(2, 2).masked_fill(torch.tensor([1, 0], dtype=torch.uint8), torch.tensor(7.)))
