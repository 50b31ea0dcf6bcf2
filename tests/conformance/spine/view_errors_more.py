# view refuses geometry it cannot express, with PyTorch's messages
a = torch.arange(24.).reshape(2, 3, 4)
a.transpose(0, 1).view(24)
a.view(5, 5)
a.view(-1, -1)
a.view(-3, 8)
a.permute(2, 0, 1).view(4, 6).shape
print(a.permute(2, 0, 1).view(4, 6).stride())
a.permute(2, 0, 1).view(8, 3)
