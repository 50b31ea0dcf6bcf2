# transposed, permuted, sliced and expanded inputs: the iterator walks them in memory
# order, so the cascade runs along the dimension with the smallest stride
a = torch.arange(3000).remainder(17).sub(8).div(7).mul(torch.arange(3000.).div(3)).reshape(30, 100)
print('t sum 1', a.t().sum(1).tolist()[:5])
print('t sum 0', a.t().sum(0).tolist()[:5])
print('t all', a.t().sum().item())
b = torch.arange(24000).remainder(29).sub(14).div(11).mul(torch.arange(24000.).div(13)).reshape(20, 30, 40)
p = b.permute(2, 0, 1)
print('permuted', p.sum(1)[5, 6].item(), p.sum(0)[3, 4].item(), p.sum(2)[1, 2].item(), p.sum().item())
s = b[:, ::2, 1:30]
print('sliced', s.sum().item(), s.sum(2)[3, 4].item(), s.sum(1)[3, 4].item(), s.sum(0)[3, 4].item())
print('step 3', b[::3, :, ::3].sum().item(), b.flatten()[::7].sum().item())
e = torch.tensor([0.1]).expand(1000)
print('expanded', e.sum().item(), e.mean().item())
f = torch.arange(7.).div(3).reshape(7, 1).expand(7, 300)
print('expanded rows', f.sum(1).tolist())
print('expanded cols', f.sum(0)[5].item(), f.sum().item(), f.t().sum(0).tolist())
g = torch.arange(100.).div(7).reshape(10, 10)[2:9, 1:8]
print('block', g.sum().item(), g.sum(0).tolist(), g.t().sum(1).tolist())
