# norm(p=2) of contiguous Float rows reduced alone takes 1.13's vectorized
# fast path (Note [The 2-norm of a contiguous row]): 8 lanes of squares, the
# lanes added in order, then the tail; every other norm goes element by
# element.  .item() and .tolist() show every bit.
x = torch.arange(6000.).remainder(23).sub(11).div(7)
for n in [1, 7, 8, 13, 37, 999, 1000, 6000]:
    print('n', n, x[:n].norm().item())
a = x.reshape(200, 30)
print('rows', a.norm(dim=1).tolist()[:12])
print('rows p=2', a.norm(2, dim=1).tolist()[:12])
print('keepdim', a.norm(dim=-1, keepdim=True)[5].tolist())
print('columns', a.norm(dim=0).tolist()[:6])
print('transposed', a.t().norm(dim=1).tolist()[:6], a.t().norm().item())
print('strided', x[::2].norm().item(), x[1:3001].norm().item())
b = x.reshape(10, 20, 30)
print('two dims', b.norm(2, dim=(1, 2)).tolist()[:4], b.norm(2, dim=(0, 2)).tolist()[:4])
print('float64', x.double().norm().item(), a.double().norm(dim=1).tolist()[:4])
print('p=3', x.norm(3).item(), a.norm(3, dim=1).tolist()[:4])
print('p=1', x.norm(1).item())
