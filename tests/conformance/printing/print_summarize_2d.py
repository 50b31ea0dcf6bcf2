# printing: summarisation of large 2-D and 3-D tensors
print(torch.arange(2000.).reshape(40, 50))
print(torch.arange(1100).reshape(2, 550))
print(torch.arange(3000.).reshape(10, 10, 30) / 3)
print(torch.ones(1001, dtype=torch.bool))
