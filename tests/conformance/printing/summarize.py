# more than 1000 elements: three items at each end of every dimension
print(torch.arange(2000))
print(torch.arange(1500.).reshape(30, 50))
print(torch.arange(3000).reshape(10, 10, 30))
print(torch.arange(1001.))
print(torch.arange(1000))
