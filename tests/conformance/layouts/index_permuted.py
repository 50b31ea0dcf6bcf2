# a[idx] on a permuted tensor: index.Tensor runs a TensorIterator over the restrided
# input, so the new result follows the input's memory order instead of being contiguous
x = torch.arange(24.).reshape(2, 3, 4)
y = x.permute(2, 0, 1)
i = torch.tensor([1, 0])
trace_on()
r = y[:, i]
trace_off()
print(r.stride())
show(r)
print(r.is_contiguous())
show(y[i])
show(y[:, :, torch.tensor([2, 0, 1])])
show(x.permute(1, 2, 0)[:, torch.tensor([3, 1])])
show(x.permute(0, 2, 1)[:, :, torch.tensor([2, 0])])
# a contiguous input keeps C order
show(x[:, i])
show(x[i])
# the result owns new memory laid out densely
same_storage(r, y)
print(r.storage_offset())
# arithmetic on the result keeps following its layout
s = r + 1
print(s.stride())
show(r.contiguous())
