# what an in-place operator under autograd calls: mul_ with a formula
# reading self clones self first; add_ saves nothing of self; out= refused
# before anything runs
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1
trace_on()
y.mul_(x)
y.add_(1)
y.exp_()
torch.add(x, 1, out=torch.zeros(3))
trace_off()
print(y.grad_fn.name(), y._version)
