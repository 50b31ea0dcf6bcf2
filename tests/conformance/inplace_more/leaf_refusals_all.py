# every kind of in-place on a leaf that requires grad is refused with 1.13's
# message: add_, index assignment, copy_, fill_, zero_, clamp_, out= with the
# leaf as out, and writes through a view of the leaf; nothing bumped
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
x.add_(1)
x[0] = 1
x.copy_(torch.ones(3))
x.fill_(0)
x.zero_()
x.clamp_(0, 1)
x.masked_fill_(x > 1, 0.)
torch.add(torch.ones(3), 1, out=x)
x[1:].mul_(2)
x.view(3).zero_()
x[x > 1] = 0
print(x, x._version)
