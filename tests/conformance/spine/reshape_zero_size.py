# zero-size tensors: -1 is ambiguous, explicit shapes work
z = torch.zeros(0, 3)
z.reshape(0, -1)
z.reshape(-1, 0)
show(z.reshape(3, 0))
print(z.reshape(-1, 5).shape)
show(z.reshape(0))
show(torch.zeros(2, 0, 3).reshape(0, 4))
