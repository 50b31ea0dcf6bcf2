# bad lines are reported and the script goes on
a = torch.arange(6.)
undefined_name
a.view(2, 3, x=1)
torch.zeros("2")
a.reshape(2.5)
torch.reshape(a, 2, 3)
print(a.reshape(2, 3).shape)
c, d = a.reshape(2, 3).shape
print(c, d)
e, f = (1, 2, 3)
