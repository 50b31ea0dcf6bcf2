# normal's Tensor overloads on meta tensors (issue 35): 1.13's normal_meta
# and normal_out_meta are its CPU templates with a draw that does nothing,
# so shapes, strides and the checks are the CPU's; a meta std skips the
# min() >= 0 check
m = torch.empty(2, 3, device="meta")
s = torch.empty(3, device="meta")
for r in [torch.normal(m, 2.), torch.normal(1., s), torch.normal(m, s), torch.normal(m, torch.empty(4, 1, 1, device="meta"))]:
    print(r.shape, r.stride(), r.dtype, r.device)
o = torch.empty(0, device="meta")
print(torch.normal(m, s, out=o).shape, o.shape)
print(torch.normal(m, 1., out=torch.empty(5, device="meta")).shape)
print(torch.normal(2., s, out=torch.empty(3, 1, device="meta")).shape)
torch.normal(m, -1.)
torch.normal(m, torch.empty(3, device="meta", dtype=torch.complex64))
torch.normal(torch.zeros(3), torch.tensor([1+1j]))
torch.normal(torch.zeros(3), torch.tensor([-1.]))
print(torch.normal(torch.empty(2, 3, device="meta", dtype=torch.float64), 1.).dtype)
print(torch.normal(m.t(), 1.).stride(), torch.normal(m.t(), s.unsqueeze(1)).stride())
torch.normal(m, s.to("cpu"))
torch.normal(m, torch.empty(4, device="meta"))
print(torch.normal(torch.empty(0, device="meta"), 1.).shape)
