# unfold_backward of a 0-dim input called directly with a grad of more than one element: 1.13's
# kernel walks the result (one element) and takes the grad's first element only (its windows and
# its last dimension are the grad's one dimension); minaten summed the whole grad
import torch
f = torch.ops.aten.unfold_backward
print(f(torch.tensor([1., 2., 3.]), [], 0, 3, 1))
print(f(torch.tensor([5., 7.]), [], -1, 2, 1))
print(f(torch.tensor([4, 6, 8]), [], 0, 3, 2))
print(f(torch.tensor([5.]), [], 0, 1, 1))
print(f(torch.tensor([]), [], 0, 0, 1))
