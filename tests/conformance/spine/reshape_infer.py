# -1 is inferred from the number of elements; errors name the shape
a = torch.arange(12.)
print(a.reshape(-1, 3).shape, a.reshape(2, -1, 2).shape, a.reshape(-1).shape)
a.reshape(-1, -1)
a.reshape(5, -1)
a.reshape(-2, 6)
a.reshape(7)
print(a.reshape(3, 4).reshape(-1, 6).stride())
