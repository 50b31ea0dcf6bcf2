# scientific notation when values span more than 1000x, exceed 1e8 or go below 1e-4
print(torch.tensor([1.5, 2.25e-5, 1e8]))
print(torch.tensor([1e-5, 2e-5]))
print(torch.tensor([1., 2000.]))
print(torch.tensor([1., 999.]))
print(torch.tensor([123456789.]))
print(torch.tensor([0.5, 1500.]))
print(torch.tensor([1e10, -1e-10]))
print(torch.tensor(1e-7))
