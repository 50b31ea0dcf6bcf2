# integers: str(value), right-aligned to the widest
print(torch.arange(6).reshape(2, 3))
print(torch.tensor([1, -20, 300]))
print(torch.tensor([[5, 10], [-100, 7]]))
print(torch.tensor(7))
print(torch.arange(4, dtype=torch.int32))
print(torch.arange(3, dtype=torch.uint8))
print(torch.tensor([-128, 127], dtype=torch.int8))
print(torch.tensor([1, 2], dtype=torch.int16))
