# float16 and bfloat16 through the operators: the results 1.13 computes
# (each in the reduced type, computed in float), and the operators 1.13's
# CPU kernels refuse for one of the two ("exp_vml_cpu" not implemented for
# 'Half' while bfloat16 has a kernel).
import torch


def run(name, f):
    try:
        r = f()
        print(name, r)
    except Exception as e:
        print(name, type(e).__name__, e)


for dt in (torch.float16, torch.bfloat16):
    print(dt)
    a = torch.tensor([[1.5, -2.25, 3.0], [0.1, 0.2, 1e4]], dtype=dt)
    b = torch.tensor([0.3, 0.7, 2.0], dtype=dt)
    ops = {
        'add': lambda: a + b, 'add_alpha': lambda: torch.add(a, b, alpha=3), 'sub': lambda: a - b,
        'mul': lambda: a * b, 'div': lambda: a / b, 'div_floor': lambda: torch.div(a, b, rounding_mode='floor'),
        'sum': lambda: a.sum(), 'sum0': lambda: a.sum(0), 'sum1': lambda: a.sum(1), 'mean': lambda: a.mean(),
        'mean0': lambda: a.mean(0), 'prod': lambda: a.prod(), 'max': lambda: a.max(), 'min': lambda: a.min(),
        'amax': lambda: a.amax(1), 'amin': lambda: a.amin(0), 'argmax': lambda: a.argmax(), 'argmin': lambda: a.argmin(1),
        'max_dim': lambda: a.max(1), 'exp': lambda: a.exp(), 'log': lambda: a.log(), 'sin': lambda: a.sin(),
        'sqrt': lambda: a.sqrt(), 'abs': lambda: a.abs(), 'neg': lambda: -a, 'sigmoid': lambda: a.sigmoid(),
        'tanh': lambda: a.tanh(), 'floor': lambda: a.floor(), 'round': lambda: a.round(), 'clamp': lambda: a.clamp(0, 1),
        'pow': lambda: a.pow(2), 'mm': lambda: a @ a.t(), 'mv': lambda: a @ b, 'eq': lambda: a == b, 'lt': lambda: a < b,
        'where': lambda: torch.where(a > 0, a, b), 'cumsum': lambda: a.cumsum(1), 'sort': lambda: a.sort(),
        'topk': lambda: a.topk(2), 'norm': lambda: a.norm(), 'std': lambda: a.std(), 'var': lambda: a.var(),
        'fill': lambda: a.clone().fill_(2.5), 'zeros': lambda: torch.zeros(2, dtype=dt),
        'arange': lambda: torch.arange(5, dtype=dt), 'full': lambda: torch.full((2,), 1 / 3, dtype=dt),
        'item': lambda: a[0, 0].item(), 'tolist': lambda: a.tolist(), 'float': lambda: a.float(),
        'index': lambda: a[a > 0], 'cat': lambda: torch.cat([a, a]), 'cat_mixed': lambda: torch.cat([a, a.float()]),
        'nonzero': lambda: a.nonzero(), 'minimum': lambda: torch.minimum(a, b), 'sign': lambda: a.sign(),
        'relu': lambda: a.relu(), 'reciprocal': lambda: a.reciprocal(), 'rsqrt': lambda: a.rsqrt(),
        'remainder': lambda: a.remainder(b), 'lerp': lambda: a.lerp(b, 0.5), 'addcmul': lambda: a.addcmul(a, b),
        'masked_fill': lambda: a.masked_fill(a > 1, 0), 'any': lambda: a.any(), 'all': lambda: a.all(),
        'isnan': lambda: a.isnan(), 'bitwise': lambda: a & a, 'cumprod': lambda: a.cumprod(1),
        'median': lambda: a.median(), 'dot': lambda: b.dot(b),
        'bmm': lambda: a[None].bmm(a.t()[None]), 'trunc': lambda: a.trunc(), 'equal': lambda: a.equal(a),
        'isclose': lambda: a.isclose(a), 'mul_scalar': lambda: a * 0.1, 'add_int': lambda: a + 1,
        'add_float_tensor': lambda: a + b.float(), 'add_double_tensor': lambda: a + b.double(),
        'add_long_tensor': lambda: a + torch.tensor([1, 2, 3]), 'add_0dim_float': lambda: a + torch.tensor(2.5),
        'add_inplace': lambda: a.clone().add_(b), 'mul_inplace_float': lambda: a.clone().mul_(b.float()),
        'logsumexp': lambda: a.logsumexp(1), 'flip': lambda: a.flip(0), 'gather': lambda: a.gather(1, torch.tensor([[2], [0]])),
        'index_select': lambda: a.index_select(1, torch.tensor([2, 0])), 'scatter': lambda: torch.zeros(2, 3, dtype=dt).scatter_(1, torch.tensor([[2], [0]]), 5.0),
        'repeat': lambda: b.repeat(2), 'expand_copy': lambda: b.expand(2, 3).contiguous(), 'tril': lambda: a.tril(),
        'maximum_double': lambda: torch.maximum(a, b.double()),
        'sum_dtype': lambda: a.sum(dtype=torch.float32), 'sum_int': lambda: torch.tensor([1, 2]).sum(dtype=dt),
    }
    for k, f in ops.items():
        run(k, f)

# the result is computed in the common dtype, then cast to out's
t = torch.tensor(33000, dtype=torch.float16)
out = torch.empty(0, dtype=torch.float64)
print(torch.add(t, t, out=out), torch.mul(t, 2.0, out=torch.empty(0)), torch.neg(t, out=torch.empty(0)))
print(torch.true_divide(torch.tensor(1.5, dtype=torch.half), torch.tensor(.666, dtype=torch.half), out=out))
print(torch.abs(torch.tensor([-1/3], dtype=torch.bfloat16), out=torch.empty(1)) if False else torch.sigmoid(torch.tensor([0.3], dtype=torch.bfloat16), out=torch.empty(1)))
