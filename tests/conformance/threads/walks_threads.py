# The walks TensorIterator took over from hand-written loops (issue 31), on inputs above a grain at 2
# and 4 threads: copy (transposed, converting), fill, where, flip, repeat, roll, tril (a batch of
# matrices), unfold_backward, quantized add, cumsum, mean, index_select, masked_fill. Their results
# do not depend on the thread count (but the sums printed, which 1.13 splits per thread).
import torch
for n in [2, 4]:
    torch.set_num_threads(n)
    x = torch.arange(200000.).reshape(400, 500)
    print(n, x.t().contiguous().sum().item(), x.long().sum().item(), x.clone().fill_(2.).sum().item())
    print(torch.where(x > 5000., x, x.t().contiguous().t()).sum().item(), x.flip(0, 1)[0, 0].item())
    print(x.repeat(2, 1).shape, x.roll((1, 2), (0, 1))[0, 0].item(), torch.ones(64, 30, 30).tril().sum().item())
    u = x.unfold(1, 5, 2)
    print(torch.ops.aten.unfold_backward(u.contiguous(), [400, 500], 1, 5, 2).sum().item())
    qx = torch.quantize_per_tensor(x / 200000., 0.01, 3, torch.quint8)
    print(torch.ops.quantized.add(qx, qx, 0.02, 5).int_repr().sum().item())
    print(x.cumsum(1)[-1, -1].item(), x.mean(0).sum().item(), x.index_select(0, torch.tensor([3, 1, 399])).sum().item())
    print(torch.zeros(300, 300).masked_fill_(torch.ones(300, 300, dtype=torch.bool), 1.).sum().item())
