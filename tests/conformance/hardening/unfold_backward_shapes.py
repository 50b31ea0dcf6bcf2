# unfold_backward called directly with a grad whose shape does not fit input_sizes (found by fuzz_interp:
# minaten read past the grad): 1.13's broadcasting errors, and the shapes it accepts
import torch
torch.ops.aten.unfold_backward(torch.ones(4, 4, 2), [2, 5], 1, 2, 1)
print(torch.ops.aten.unfold_backward(torch.ones(2, 4, 2), [2, 5], 1, 2, 1))
print(torch.ops.aten.unfold_backward(torch.ones(2, 4, 3), [2, 5], 1, 2, 1))
print(torch.ops.aten.unfold_backward(torch.ones(2, 3, 2), [2, 5], 1, 2, 1))
torch.ops.aten.unfold_backward(torch.ones(4), [2, 5], 1, 2, 1)
torch.ops.aten.unfold_backward(torch.ones(2, 4, 2), [2, 5], 0, 2, 1)
torch.ops.aten.unfold_backward(torch.ones(2, 4, 2, 2), [2, 5], 1, 2, 1)
print(torch.ops.aten.unfold_backward(torch.ones(2, 4, 2), [2, 5], -1, 2, 1))
torch.ops.aten.unfold_backward(torch.ones(2, 4), [2, 5], 1, 2, 1)
print(torch.ops.aten.unfold_backward(torch.arange(6.).reshape(3, 2), [4], 0, 2, 1))
