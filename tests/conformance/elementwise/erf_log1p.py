# log1p, expm1, erf, erfc, erfinv (functional, method, in place, out=): 1.13's vml kernels,
# bit for bit (Sleef's log1p/expm1/erf/erfc on whole vectors, tails zero-padded; erfinv's
# calc_erfinv with its Horner steps fused at AVX2), integers and bools in the default float,
# bfloat16 through the float function rounded once, float16 refused; grad_fns and traces
import torch


def err(fn):
    try:
        fn()
        print('no error')
    except Exception as e:
        print(type(e).__name__ + ':', e)


ops = ['log1p', 'expm1', 'erf', 'erfc', 'erfinv']
for op in ops:
    f = getattr(torch, op)
    for dt in [torch.float32, torch.float64, torch.bfloat16]:
        for n in [5, 8, 17, 100, 2100]:
            a = (torch.arange(n, dtype=torch.float64) * 0.7391 % 2.0 - 0.999).to(dt)
            if op in ('expm1', 'erf', 'erfc'):
                a = a * 4
            print(op, dt, n, f(a).double().tolist())
            print(op, dt, n, 'strided', f(a[::3]).double().tolist())
    print(op, f(torch.tensor([0., -0., 1., -1., float('inf'), float('-inf'), float('nan')])).tolist())
    show(f(torch.tensor([0, 1, -1, 2])))
    show(f(torch.tensor([True, False])))
    show(f(torch.tensor(0.5)))
    show(f(torch.arange(6.).reshape(2, 3).t() / 7))
    show(getattr(torch.tensor([0.25, 0.5]), op)())
    show(getattr(torch.ops.aten, op)(torch.tensor([0.25])))
    b = torch.tensor([0.25, 0.5])
    c = getattr(b, op + '_')()
    show(b)
    same_storage(b, c)
    err(lambda: getattr(torch.tensor([1, 2]), op + '_')())
    o = torch.empty(2)
    r = f(torch.tensor([0.25, 0.5]), out=o)
    show(o)
    same_storage(o, r)
    show(f(torch.tensor([0.25, 0.5]), out=torch.empty(2, dtype=torch.float64)))
    show(f(torch.tensor([1, 0]), out=torch.empty(2)))
    err(lambda: f(torch.tensor([0.25, 0.5]), out=torch.empty(2, dtype=torch.int64)))
    show(f(torch.tensor([0.25, 0.5]), out=torch.empty(0)))
    err(lambda: f(torch.tensor([0.25, 0.5], dtype=torch.float16)))
    err(lambda: f(torch.tensor([0.25, 0.5]), out=torch.empty(2, dtype=torch.float16)))
    show(f(torch.tensor([0.25, 0.5], dtype=torch.bfloat16)))
    show(f(torch.tensor([1, 0]), out=torch.empty(2, dtype=torch.bfloat16)))
    x = torch.tensor([0.1, -0.3, 0.6], requires_grad=True)
    y = f(x)
    print(op, y.grad_fn.name())
    trace_on()
    y.sum().backward()
    trace_off()
    print(op, 'grad', x.grad.tolist())
    xd = torch.tensor([0.1, -0.3, 0.6], dtype=torch.float64, requires_grad=True)
    f(xd).backward(torch.tensor([1., 2., 3.], dtype=torch.float64))
    print(op, 'grad64', xd.grad.tolist())
    trace_on()
    f(torch.tensor([0.5]))
    trace_off()
torch.erfinv_(torch.tensor([0.5]))
