# sizes, strides, dims and their errors
a = torch.arange(24.).reshape(2, 3, 4)
print(a.size(), a.size(1), a.size(-1), a.stride(), a.stride(0), a.shape[2])
print(a.dim(), a.ndim, a.numel(), a.storage_offset(), a.is_contiguous(), a.dtype, a.device)
a.size(3)
a.stride(-4)
print(a.is_quantized, a.T.shape, a.T.stride())
a.item()
print(torch.tensor([5]).item())
a.foo
torch.foo
