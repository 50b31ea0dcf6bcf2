# float to integer conversions truncate toward zero, as PyTorch's casts
f = torch.tensor([-2.7, -0.5, 0.0, 0.4, 2.9, 300.5])
print(f.to(torch.int64).tolist())
print(f.to(torch.int32).tolist())
print(f.to(torch.int16).tolist())
print(f.to(torch.int8).tolist())
print(f.to(torch.uint8).tolist())
print(f.to(torch.bool).tolist())
print(f.double().tolist())
