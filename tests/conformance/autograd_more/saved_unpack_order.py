# when several tensors a node saved were written in place since, the
# backward names the first its generated apply unpacks: 1.13's order, the
# formulas in the sorted order of their keys, each's arguments in the
# schema's order, the inputs before the outputs (issue 29). `a` is written
# once (version 1), `b` twice (version 2): the version says which is named.
def both(f, sa, sb):
    a = torch.ones(*sa, requires_grad=True) * 1
    b = torch.full(sb, 2., requires_grad=True) * 1
    r = f(a, b)
    b.add_(1)
    b.add_(1)
    a.add_(1)
    r.sum().backward()
both(torch.mul, (3,), (2, 1, 3))
both(torch.div, (3,), (2, 1, 3))
both(torch.pow, (3,), (2, 1, 3))
both(torch.maximum, (3,), (2, 1, 3))
both(torch.minimum, (3,), (2, 1, 3))
both(torch.remainder, (3,), (2, 1, 3))
both(torch.clamp_min, (3,), (2, 1, 3))
both(torch.clamp_max, (3,), (2, 1, 3))
both(torch.mm, (2, 3), (3, 4))
both(torch.bmm, (1, 2, 3), (1, 3, 4))
both(torch.matmul, (2, 3), (3, 4))
both(torch.dot, (3,), (3,))
both(torch.mv, (2, 3), (3,))
both(torch.ops.aten.sigmoid_backward, (3,), (3,))
both(torch.ops.aten.tanh_backward, (3,), (3,))
def div_mode(a, b):
    return torch.div(a, b, rounding_mode="floor")
both(div_mode, (3,), (2, 1, 3))
def clamp3(a, b):
    return torch.clamp(a, b, b + 5)
both(clamp3, (3,), (3,))
# an input and an output saved: the input first
x = torch.ones(3, requires_grad=True) * 2
r = x.prod()
x.add_(1)
r.add_(1)
r.backward()
x = torch.ones(3, requires_grad=True) * 2
r = x.pow(torch.full((3,), 2., requires_grad=True))
r.add_(1)
r.sum().backward()
x = torch.ones(3, requires_grad=True) * 2
r = x.exp()
x.add_(1)
r.add_(1)
r.sum().backward()
# integer and bool tensors a node saved (an index, a mask) are checked too
src = torch.ones(2, 3, requires_grad=True) * 1
idx = torch.tensor([[0, 1, 0], [1, 0, 1]])
g = torch.gather(src, 1, idx)
idx.add_(0)
src.add_(1)
src.add_(1)
g.sum().backward()
src = torch.ones(2, 3, requires_grad=True) * 1
t = torch.take(src, idx)
idx.add_(0)
src.add_(1)
src.add_(1)
t.sum().backward()
mask = torch.tensor([True, False, True])
src = torch.ones(3, requires_grad=True) * 1
m = torch.masked_select(src, mask)
mask.fill_(True)
src.add_(1)
src.add_(1)
m.sum().backward()
# mean over a dim saves self whole in 1.13 (self.sym_numel() is no replacement), mean() only sizes and numel
x = torch.ones(3, requires_grad=True) * 1
m = x.mean(0)
x.add_(1)
m.backward()
x = torch.ones(3, requires_grad=True) * 1
m = x.mean()
x.add_(1)
m.backward()
print(m)
