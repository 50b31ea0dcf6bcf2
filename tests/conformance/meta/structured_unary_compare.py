# The structured unary operators and the comparisons on meta tensors: the
# meta function alone gives the output's sizes, strides and dtype
# (integers computed in the default float type, a comparison's bool), and
# the errors of the CPU kernels; gradients build on meta tensors too
a = torch.empty(2, 3, device="meta")
i = torch.empty(3, 2, device="meta", dtype=torch.int64).t()
h = torch.empty(4, device="meta", dtype=torch.float16)
def geometry(t):
    print(t.device, t.shape, t.stride(), t.dtype)
for f in [torch.exp, torch.log, torch.log1p, torch.expm1, torch.erf, torch.erfc, torch.erfinv, torch.sqrt,
          torch.rsqrt, torch.sigmoid, torch.tanh, torch.sin, torch.cos, torch.sinh, torch.cosh]:
    geometry(f(i))
geometry(a.exp_())
geometry(torch.sqrt(a, out=torch.empty(0, device="meta", dtype=torch.float64)))
geometry(h.sigmoid())
geometry(h.rsqrt())
i.exp_()
torch.exp(a, out=torch.empty(2, 3, device="meta", dtype=torch.int32))
for f in [torch.lt, torch.le, torch.gt, torch.ge, torch.eq, torch.ne]:
    geometry(f(a, i))
    geometry(f(i, 2.5))
geometry(a < torch.empty(3, device="meta", dtype=torch.float64))
geometry(torch.eq(a, 1, out=torch.empty(0, device="meta", dtype=torch.float32)))
x = torch.empty(2, 3, device="meta")
print(x.lt_(2) is x, x.ge_(a) is x)
geometry(x)
a < torch.empty(4, device="meta")
torch.empty(1, 3, device="meta").lt_(torch.empty(2, 3, device="meta"))
w = torch.empty(3, device="meta", requires_grad=True)
y = w.exp().sin().sigmoid()
print(y.grad_fn.name(), y.requires_grad, (w > 0).requires_grad)
