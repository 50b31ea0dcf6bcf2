# torch.set_default_dtype(torch.float64), then everything that reads the
# default dtype: what a Python float infers (torch.tensor, as_tensor, the
# legacy constructor), the factories without a dtype (ones, zeros, empty,
# full of a float, arange of a float step, scalar_tensor, eye) and with one
# or an integer fill (unchanged), what a Python float counts as in type
# promotion (an integer tensor times 1.5, where of numbers, 2.5 ** t), the
# integer tensors' true division and unary float ops, logsumexp of
# integers, printing's dtype= (a float32 tensor now says so, the empty
# ones too), .float() / .double(), requires_grad factories, the lazy
# device; then back to float32, and all of it as before.
import torch

print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype(), torch.get_default_dtype() is torch.float64, torch.get_default_dtype() is torch.double)

# inference from Python data
print(torch.tensor(1.5), torch.tensor(1.5).dtype)
print(torch.tensor([1, 2.5]), torch.tensor([1, 2]).dtype, torch.tensor([True]).dtype)
print(torch.tensor([1., 2.], dtype=torch.float32))
print(torch.as_tensor([1.5]), torch.as_tensor([1.5]).dtype)
print(torch.tensor([1]).new_tensor([1.5]), torch.tensor([1.]).new_tensor([1.5]).dtype)
print(torch.Tensor([1, 2]), torch.Tensor(2).dtype, torch.Tensor().dtype)

# factories
print(torch.ones(2), torch.zeros(2).dtype, torch.empty(2).dtype)
print(torch.full((2,), 1.5), torch.full((2,), 1), torch.full((1,), True), torch.full((1,), 2.0, dtype=torch.float32))
print(torch.arange(0, 1, 0.25), torch.arange(3), torch.arange(3.))
print(torch.scalar_tensor(2), torch.scalar_tensor(2, dtype=torch.float32))
print(torch.eye(2))
print(torch.zeros_like(torch.tensor([1, 2])), torch.ones_like(torch.tensor([1.], dtype=torch.float32)))
print(torch.ones(2, requires_grad=True), torch.zeros(2, requires_grad=True).dtype)
print(torch.ones(2, dtype=torch.float32).float(), torch.ones(2, dtype=torch.float32).double(), torch.ones(2).float().dtype)

# type promotion with Python floats
x = torch.tensor([1, 2])
print(torch.ones(2, dtype=torch.int64) * 1.5)
print(x + 1.5, x - 0.5, 2.5 * x)
print(torch.tensor([1., 2.], dtype=torch.float32) + 1.5)
print(torch.tensor([1., 2.], dtype=torch.float32) * torch.tensor(2.5))
print(x * torch.tensor(2.5), x.mul(torch.tensor(1.5, dtype=torch.float32)))
print(torch.pow(2.5, x), 2.5 ** x, x ** 0.5, 2 ** x)
print(torch.where(torch.tensor([True, False]), 1.5, 2.5))
print(torch.where(torch.tensor([True, False]), x, 2.5))
print(x.clamp(0.5, 1.5))
y = torch.tensor([1., 2.], dtype=torch.float32)
y += 1.5
print(y)

# integer true division and unary float ops
print(x / 2, torch.tensor([1, 2], dtype=torch.int32) / torch.tensor([2], dtype=torch.int32))
print(torch.tensor(2) / torch.tensor(4), x.div(torch.tensor([2]), rounding_mode=None))
print(x.div(2, rounding_mode="floor"), torch.tensor([3, 4]) // 2)
print(x.sqrt(), x.sin(), torch.tensor([1, 2], dtype=torch.int32).exp(), x.sigmoid(), x.log())
print(torch.tensor([True, False]).cos())

# reductions
print(torch.mean(torch.tensor([1., 2.])), torch.tensor([1., 2.], dtype=torch.float32).mean())
print(x.sum(), torch.tensor([1., 2.]).sum().dtype)
print(torch.logsumexp(x, 0))
print(torch.logsumexp(x, 0, out=torch.empty(0, dtype=torch.float32)))
print(torch.tensor([3., 4.]).norm(), torch.tensor([3., 4.], dtype=torch.float32).norm())

# printing
print(torch.empty(0), torch.empty(0, dtype=torch.float32), torch.empty(2, 0, dtype=torch.float32))
print(repr(torch.zeros(0, 3)), torch.tensor([], dtype=torch.float64))
print(torch.tensor([1.5, 2.], dtype=torch.float32), torch.tensor([1, 2], dtype=torch.int32), torch.tensor(True))
print(torch.tensor(1.5).item(), torch.tensor([1., 2.]).tolist())

# the lazy device
print(torch.tensor([1, 2], dtype=torch.float32).to("lazy") * 1.5)
l = torch.ones(2, device="lazy")
print(l.dtype, l.device)
print(torch.tensor([1.5], device="lazy").dtype, torch.tensor([1, 2]).to("lazy").sqrt().dtype)
print(torch.tensor([3]).to("lazy") / 2)

# autograd
a = torch.tensor([1.], requires_grad=True)
(a * 2).sum().backward()
print(a.grad, a.grad.dtype)
b = torch.tensor([1.], dtype=torch.float32, requires_grad=True)
(b * 2.5).sum().backward()
print(b.grad)

# back to float32
torch.set_default_dtype(torch.float32)
print(torch.get_default_dtype())
print(torch.tensor(1.5).dtype, torch.ones(2).dtype, torch.arange(0, 1, 0.5).dtype, torch.scalar_tensor(1).dtype)
print(x * 1.5, x / 2, x.sqrt(), torch.tensor([1.5]))
print(torch.tensor([], dtype=torch.float64), torch.tensor([1.], dtype=torch.float64), torch.empty(0))
