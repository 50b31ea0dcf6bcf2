# _to_copy keeps the strides of dense inputs
t = torch.arange(6.).reshape(2, 3).t()
print(t.to(torch.int64).stride(), t.double().stride(), t.int().is_contiguous())
s = torch.arange(12.).reshape(3, 4)[:, ::2]
print(s.long().stride(), s.long().is_contiguous())
show(t.long())
