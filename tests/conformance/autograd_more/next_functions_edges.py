# next_functions: None edges for inputs without grad, output_nr of multi-output nodes, edge order (issue 14)
def nexts(fn):
    out = []
    for f, n in fn.next_functions:
        if f is None:
            out.append((None, n))
        else:
            out.append((f.name(), n))
    return out
x = torch.ones(4, requires_grad=True)
c = torch.ones(4)
print(nexts((x * c).grad_fn), nexts((c * x).grad_fn), nexts((x * 2).grad_fn))
print(nexts(torch.cat([c, x, c, x]).grad_fn))
print(nexts(torch.stack([x, c]).grad_fn))
print(nexts(torch.where(c > 0, c, x).grad_fn))
p = x.split(1)
print(nexts((p[0] + p[3]).grad_fn))
u = x.view(2, 2).unbind(1)
print(nexts((u[1] * 2).grad_fn), u[1].output_nr)
m = x.view(2, 2).max(1)
print(nexts((m.values * 2).grad_fn), m.values.output_nr, m.indices.output_nr)
y = x * 2
print(nexts((y + y).grad_fn))
w = x.exp()
print(nexts((w - x).grad_fn))
print(nexts(x.sum().grad_fn))
print(nexts(x[torch.tensor([1, 2])].grad_fn))
print(nexts(torch.index_put(x, (torch.tensor([0]),), torch.ones(1, requires_grad=True)).grad_fn))
print(nexts(x.masked_fill(c > 0, torch.tensor(2.)).grad_fn))
print(nexts((x.pow(c)).grad_fn), nexts(torch.pow(2, x).grad_fn))
