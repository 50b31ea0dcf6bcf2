# The structured binary operators on meta tensors: their meta functions
# alone (TensorIterator's build: broadcasting, type promotion, layout, the
# out= resize) give the outputs' sizes, strides and dtypes, and the same
# errors as on the CPU
a = torch.empty(2, 3, device="meta")
b = torch.empty(3, device="meta", dtype=torch.float64)
i = torch.empty(2, 1, device="meta", dtype=torch.int32)
def geometry(t):
    print(t.device, t.shape, t.stride(), t.dtype)
geometry(a + b)
geometry(a - i)
geometry(i * i)
geometry(i / i)
geometry(torch.div(i, i, rounding_mode="floor"))
geometry(torch.div(a, b, rounding_mode="trunc"))
geometry(torch.fmod(i, i))
geometry(torch.atan2(i, a))
geometry(a.t() + 1)
geometry(a * torch.tensor(2.0))
geometry(i * 2.5)
geometry(torch.add(a, a, alpha=3))
geometry(torch.empty(4, 1, 5, device="meta") * torch.empty(3, 1, device="meta"))
c = torch.empty(2, 3, 4, 5, device="meta", memory_format=torch.channels_last)
geometry(c + c)
geometry(c + 1)
# out= is resized to the result's shape, in-place keeps self
out = torch.empty(0, device="meta")
print(torch.add(a, b, out=out) is out)
geometry(out)
out = torch.empty(3, 2, device="meta").t()
torch.mul(a, a, out=out)
geometry(out)
x = torch.empty(2, 3, device="meta")
print(x.add_(b) is x, x.mul_(2) is x, x.div_(i) is x, x.sub_(1.5) is x)
geometry(x)
# errors raised by the meta functions
a + torch.empty(4, device="meta")
i.add_(a)
x.add_(torch.empty(4, 2, 3, device="meta"))
torch.add(a, a, out=torch.empty(2, 3, device="meta", dtype=torch.int64))
torch.ones(2, device="meta", dtype=torch.bool) - torch.ones(2, device="meta", dtype=torch.bool)
torch.add(i, i, alpha=1.5)
torch.div(a, a, rounding_mode="round")
a + torch.ones(2, 3)
torch.ones(2, 3) + a
e = torch.empty(3, device="meta").expand(2, 3)
e.add_(1)
# autograd on meta tensors: the graph is built, the gradients are meta too
w = torch.empty(2, 3, device="meta", requires_grad=True)
y = (w * 2 + w) / 3
print(y.grad_fn.name(), y.requires_grad, y.is_meta)
