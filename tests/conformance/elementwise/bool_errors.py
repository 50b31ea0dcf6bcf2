# bool subtraction and negation are refused with PyTorch's advice
t = torch.tensor([True, False])
t - t
t - 1
1 - t
-t
show(t + t)
show(t * t)
show(-torch.tensor([1, -2], dtype=torch.uint8))
