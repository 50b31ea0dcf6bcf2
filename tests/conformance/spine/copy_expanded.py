# copying from expanded sources is fine; into them is refused
src = torch.arange(3.).reshape(1, 3).expand(2, 3)
dst = torch.zeros(2, 3)
dst.copy_(src)
show(dst)
torch.zeros(3).expand(2, 3).copy_(torch.ones(2, 3))
torch.zeros(1).expand(4).copy_(torch.ones(4))
show(torch.zeros(2, 3).copy_(torch.ones(1).expand(3)))
