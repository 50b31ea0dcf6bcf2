# index_put_ (a[idx] = v) with duplicate indices keeps the value its walk writes last, and accumulates
# in its walk's order: 1.13 walks the indexing result in its operands' memory order (self restrided,
# the values, the index tensors), so index and values laid out column-major are walked column by
# column; an index out of bounds stops the walk there, the elements before it written. minaten walked
# the result in row-major order.
import torch
i = torch.tensor([[0, 1], [1, 0]]).t().contiguous().t()
y = torch.zeros(2)
y[i] = torch.tensor([[1., 2.], [3., 4.]]).t().contiguous().t()
print(y)
y2 = torch.zeros(2)
y2[torch.tensor([[0, 1], [1, 0]])] = torch.tensor([[1., 2.], [3., 4.]])
print(y2)
acc = torch.zeros(2)
acc.index_put_((i,), torch.tensor([[1e8, 1.], [1., -1e8]]).t().contiguous().t(), accumulate=True)
print(acc)
z = torch.zeros(3, 2)
z[:, i] = torch.arange(12.).reshape(3, 2, 2).permute(0, 2, 1).contiguous().permute(0, 2, 1)
print(z)
b = torch.zeros(3, 4)
b.t()[torch.tensor([[0, 5], [1, 7]]).t()] = 1.
print(b)
a = torch.arange(12.).reshape(3, 4)
a.t()[torch.tensor([[0, 5], [1, 7]])]
