# Meta kernels written in Python (issue 35): `import torch` registers
# torch._decomp's decompositions and torch._refs' references at Meta where
# an operator has none, then torch._meta_registrations' own functions; each
# shows in the dispatch table as a Meta kernel "registered at /dev/null"
def show(t):
    if isinstance(t, (tuple, list)):
        for x in t:
            show(x)
        return
    print(tuple(t.shape), t.stride(), t.dtype, t.device)


def meta_row(op):
    return [l[l.index("["):l.index("]") + 1] for l in torch._C._dispatch_dump_table(op).splitlines() if l.startswith("Meta:")]


for op in ["aten::flip", "aten::abs.out", "aten::abs", "aten::index_select", "aten::var.correction", "aten::where.self", "aten::where.ScalarSelf"]:
    print(op, meta_row(op), torch._C._dispatch_has_computed_kernel_for_dispatch_key(op, "Meta"))
M = dict(device="meta")
a = torch.empty(2, 3, **M)
b = torch.empty(3, 2, **M).t()
i = torch.empty(4, dtype=torch.long, **M)
# torch._meta_registrations
show(torch.index_select(a, 1, i))
show(torch.index_select(b, 0, i[:2], out=torch.empty(0, **M)))
show([torch.ones_like(b), torch.zeros_like(b, dtype=torch.int32), torch.full_like(b, 2.5), torch.randint_like(b, 1, 5)])
show([torch.full((2, 3), 1.5, **M), torch.full((2,), 7, **M), torch.arange(5, **M), torch.arange(1, 4, **M), torch.arange(1., 4.5, **M)])
show([a.repeat(2, 1, 2), torch.complex(a, a), torch.nanmedian(a), torch.nanmedian(b, 0, keepdim=True)])
a.repeat(2)
torch.repeat_interleave(i)
show([torch.dot(a[0], a[1]), torch.diag(a), torch.diag(a[0], 1), torch.max(a), torch.min(b), torch.angle(i)])
torch.dot(a, a)
torch.diag(torch.empty(2, 2, 2, **M))
show([torch.angle(torch.empty(3, dtype=torch.complex64, **M)), torch.angle(a, out=torch.empty(0, **M))])
show([torch.bernoulli(a, out=torch.empty(0, **M)), torch.empty(3, dtype=torch.bool, **M).logical_not_(), torch.randperm(3, out=torch.empty(3, dtype=torch.long, **M))])
w = torch.empty(4, 3, 3, 3, **M)
x = torch.empty(2, 3, 8, 8, **M)
show([torch.nn.functional.conv2d(x, w, padding=1, stride=2), torch.nn.functional.conv2d(x.to(memory_format=torch.channels_last), w)])
torch.nn.functional.conv2d(x, torch.empty(4, 2, 3, 3, **M))
show(torch.nanmedian(a, 1, out=(torch.empty(0, **M), torch.empty(0, dtype=torch.long, **M))))
# torch._refs: elementwise references and their out= forms
show([torch.floor_divide(a, 2), torch.floor_divide(b, b.t().t()), torch.floor_divide(i, i, out=torch.empty(0, dtype=torch.long, **M))])
torch.floor_divide(torch.empty(2, dtype=torch.bool, **M), True)
show([torch.remainder(2, a), torch.remainder(3, i), torch.isnan(b), torch.relu(b), torch.relu(i)])
show([torch.logical_xor(a, a, out=torch.empty(0, dtype=torch.bool, **M)), torch.logical_and(a, b, out=torch.empty(0, **M))])
show([torch.logical_or(b, i[:3], out=torch.empty(0, dtype=torch.bool, **M)), torch.logical_not(b, out=torch.empty(0, dtype=torch.int8, **M))])
show([torch.abs(b, out=torch.empty(0, **M)), torch.abs(torch.empty(2, dtype=torch.complex64, **M), out=torch.empty(0, **M))])
torch.abs(a, out=torch.empty(0, dtype=torch.long, **M))
torch.abs(a, out=torch.empty(5, **M))
show([torch.conj_physical(a, out=torch.empty(0, **M)), torch.where(a > 0, a, b), torch.where(a > 0, a, torch.empty(3, dtype=torch.float64, **M))])
torch.where(a > 0, a, b.t())
torch.where(a, a, b)
torch.logical_and(a, b.t(), out=torch.empty(0, dtype=torch.bool, **M))
# reductions, data movement, indices
show([torch.std_mean(a, 1), torch.var_mean(b, 0, correction=0), torch.var_mean(b, [0, 1], keepdim=True, correction=2)])
show([torch.std_mean(torch.empty(2, 3, dtype=torch.complex64, **M), 0), torch.var(b, 1, correction=2, keepdim=True)])
show([torch.std(a, dim=None, correction=1), torch.std(torch.empty(4, dtype=torch.float16, **M), 0, correction=0)])
show([torch.prod(b), torch.prod(i), torch.prod(torch.empty(2, dtype=torch.bool, **M), dtype=torch.float64)])
show([torch.flip(b, (0,)), torch.flip(a, (0, -1)), torch.trace(a), torch.trace(i.view(2, 2))])
torch.flip(a, (0, 0))
torch.flip(a, (2,))
torch.trace(i)
show([torch.triu_indices(3, 3, **M), torch.tril_indices(4, 3, 1, **M), torch.tril_indices(3, 5, -1, dtype=torch.int32, **M)])
torch.tril_indices(-1, 3, **M)
torch.triu_indices(3, 3, dtype=torch.float32, **M)
# torch._decomp.decompositions
show([torch.rsub(a, b), torch.rsub(a, 2), torch.rsub(i, i, alpha=3)])
show(torch.ops.aten.embedding_dense_backward(a, i[:2], 5, -1, False))
show([torch.ops.aten.mse_loss_backward(a, a, b, 1), torch.ops.aten.mse_loss_backward(b, a, a, 0)])
torch.ops.aten.mse_loss_backward(a, a, a, 0, grad_input=torch.empty(0, **M))
g = torch.empty(2, 3, **M)
show(torch.ops.aten.native_layer_norm_backward(g, a, [3], torch.empty(2, 1, **M), torch.empty(2, 1, **M), torch.empty(3, **M), torch.empty(3, **M), [True, True, True]))
show(torch.ops.aten.native_layer_norm_backward(g, b, [2, 3], torch.empty(1, 1, **M), torch.empty(1, 1, **M), None, None, [True, False, False])[0])
x4 = torch.empty(2, 3, 4, 4, **M)
t3 = torch.empty(2, 4, 4, dtype=torch.long, **M)
show(torch.ops.aten.nll_loss2d_backward(torch.empty((), **M), x4, t3, None, 1, -100, torch.empty((), **M)))
torch.ops.aten.nll_loss2d_backward(torch.empty((), **M), a, t3, None, 1, -100, torch.empty((), **M))
show(torch.var(torch.empty(3, 4, dtype=torch.complex64, **M), 1, correction=0))
