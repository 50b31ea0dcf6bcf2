# nan and inf print as Python spells them and do not pick the mode
print(torch.full((3,), 1.5).tolist())
x = torch.tensor([1.5, 2.5, 3.5])
x[0] = 1e400
x[1] = -1e400
print(x)
y = torch.tensor([1., 2.])
y[0] = 1e400
print(y)
