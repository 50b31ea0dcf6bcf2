# torch.inference_mode: no autograd inside; tensors made inside are
# inference tensors (no version counter, no autograd keys), views of normal
# tensors made inside are normal but refuse a write outside; the errors of
# writes (done, then refused), _version, requires_grad and saving for
# backward outside; nesting, mode=False, the decorator, lazy and quantized
import torch
print(torch.is_inference_mode_enabled(), torch.inference_mode, torch.inference_mode().mode)
x = torch.ones(2, 3)
w = torch.ones(2, 3, requires_grad=True)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    a = torch.ones(2, 3)
    print(a.is_inference(), torch.is_inference(a), a.requires_grad, x.is_inference())
    b = w * 2
    print(b.is_inference(), b.requires_grad, b.grad_fn)
    v = x[0]
    print(v.is_inference(), v._is_view(), v._base is x)
    x.add_(1)
    print(x._version, v._version)
    a.add_(1)
    a._version
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), torch.ones(2).is_inference())
    print(torch.is_inference_mode_enabled())
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), a.is_inference(), x.is_inference())
show(a)
a.add_(1)
show(a)
a._version
a.requires_grad_()
(w * a).sum().backward()
print(w + a)
print((w + a).requires_grad, (a + x).is_inference(), a.clone().is_inference(), a[0].is_inference(), a.detach().is_inference())
a.view(6).add_(1)
show(a)
torch.mul(x, 2, out=a)
show(a)
torch.zeros(2, 3).copy_(a)
show(x.copy_(a))
v.add_(1)
print(x, x._version)
# views of a tensor that requires grad, made inside
w2 = w.clone()
with torch.inference_mode():
    v = w2[0]
    print(v.requires_grad, v.grad_fn, v.is_inference(), v._version)
    u = w2.view(6)
    uu = u[1:]
    uu.mul_(2)
print(w2._version, u._version)
v.add_(1)
u.mul_(2)
uu.mul_(2)
w2.mul_(2)
v.grad_fn
print(w2._version)
# requires_grad inside, and enable_grad inside inference mode
with torch.inference_mode():
    c = torch.ones(3)
    c.requires_grad_()
    print(c.requires_grad, c.is_inference())
    d = torch.ones(3, requires_grad=True)
    print((d * 2).requires_grad, (d * 2).grad_fn)
    with torch.enable_grad():
        e = d * 2
        print(torch.is_grad_enabled(), e.requires_grad, e.grad_fn)
print(d.requires_grad, torch.ones(3, requires_grad=True) * 1)
(d * w[0]).sum()
print(torch.ones(3, requires_grad=True).add(d).requires_grad)
# nesting with no_grad, decorators
with torch.no_grad():
    with torch.inference_mode():
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
print(torch.is_grad_enabled())


@torch.inference_mode()
def f(t):
    return t * 2


@torch.inference_mode(mode=False)
def g(t):
    return t * 2


print(f(w).requires_grad, f(w).is_inference(), g(w).requires_grad, g(w).is_inference())
with torch.inference_mode():
    r = g(w)
    print(r.requires_grad, r.grad_fn is not None, r.is_inference(), torch.is_inference_mode_enabled())
try:
    with torch.inference_mode():
        raise ValueError("inside")
except ValueError as err:
    print(err, torch.is_inference_mode_enabled(), torch.is_grad_enabled())
# quantized and lazy tensors made inside
q = torch.quantize_per_tensor(torch.ones(2), 0.5, 0, torch.quint8)
with torch.inference_mode():
    q2 = torch.quantize_per_tensor(torch.ones(2), 0.5, 0, torch.quint8)
    ld = torch.ones(2, device="lazy")
    print(ld.is_inference(), (ld * 2).is_inference())
print(q.is_inference(), q2.is_inference(), ld.is_inference())
ld.add_(1)
print(ld.cpu())
# the trace of a refused write: the kernel ran
trace_on()
a.mul_(2)
show(a)
with torch.inference_mode():
    a.mul_(2)
trace_off()
show(a)
