# long rows wrap at 80 columns, aligned under the first element
print(torch.arange(30))
print(torch.arange(40.))
print(torch.arange(100).reshape(4, 25))
print(torch.arange(24.).reshape(2, 12).t().contiguous().reshape(3, 16))
