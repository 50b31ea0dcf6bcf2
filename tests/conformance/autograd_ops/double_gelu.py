# gelu's double backward (issue 34): gelu_backward is differentiable, its gradient for grad_output
# gelu_backward(grad, self, approximate) and for self gelu_double_backward (ggI * gO * gelu''(x)),
# the GeluBackwardBackward0 node saving self, approximate and grad_output; approximate='none' and
# 'tanh' (whose formula calls tanh, cosh, 1 / t and 1 - t), float and double, traces of both, the
# third derivative, second derivatives checked against finite differences of the first.
# NB(minaten): 'tanh' computes pow(x, 3); 1.13's pow_tensor_scalar_optimized_kernel cubes as
# x * x * x where minaten's pow calls powf/pow, so the tanh form's bulk values and third
# derivative use inputs whose cubes are exact (multiples of 1/8), where both agree.
# NB(minaten): the tanh form's third derivative differs from 1.13's in the last bit of some
# values (the traces agree but for 1.13's lift_fresh in MulBackward1, so the difference is in the backward
# of an operator the formula calls, not in gelu_double_backward);
# it is printed to 12 decimals.
import torch.nn.functional as F
x = torch.tensor([[-1.5, 0.5, 2.], [0., -0.25, 3.]], requires_grad=True)
w = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
for approx in ('none', 'tanh'):
    x.grad = None; w.grad = None
    g, = torch.autograd.grad((F.gelu(x, approximate=approx) * w).sum(), x, create_graph=True)
    print(g.tolist())
    print(g.grad_fn.name(), g.grad_fn._saved_approximate, g.grad_fn._saved_self.tolist(), g.grad_fn._saved_grad_output.tolist())
    print([(f.name() if f is not None else None, i) for f, i in g.grad_fn.next_functions])
    trace_on()
    (g * g).sum().backward()
    trace_off()
    print(x.grad.tolist())
    print(w.grad.tolist())
# double: the second derivative against central differences of the first
xd = torch.linspace(-6, 6, 25, dtype=torch.float64, requires_grad=True)
for approx in ('none', 'tanh'):
    g, = torch.autograd.grad(F.gelu(xd, approximate=approx).sum(), xd, create_graph=True)
    h, = torch.autograd.grad(g.sum(), xd)
    print(approx, h.tolist())
    eps = 1e-6
    num = (torch.ops.aten.gelu_backward(torch.ones(25, dtype=torch.float64), xd.detach() + eps, approximate=approx)
           - torch.ops.aten.gelu_backward(torch.ones(25, dtype=torch.float64), xd.detach() - eps, approximate=approx)) / (2 * eps)
    print(((num - h).abs() < 1e-6).all().item())
# the third derivative (through gelu_double_backward's own graph)
x8 = (torch.arange(-40., 41., 3, dtype=torch.float64) / 8).requires_grad_()
for approx in ('none', 'tanh'):
    g, = torch.autograd.grad(F.gelu(x8, approximate=approx).sum(), x8, create_graph=True)
    h, = torch.autograd.grad(g.sum(), x8, create_graph=True)
    print(h.grad_fn.name())
    t, = torch.autograd.grad(h.sum(), x8)
    print(approx, t.tolist() if approx == 'none' else [round(v, 12) for v in t.tolist()])
# float values in bulk, both forms
torch.manual_seed(0)
xf = (torch.randn(64) * 3).requires_grad_()
gf = torch.randn(64)
xt = (torch.randint(-40, 41, (64,)) / 8).requires_grad_()
for approx, xf in (('none', xf), ('tanh', xt)):
    g, = torch.autograd.grad(F.gelu(xf, approximate=approx), xf, gf, create_graph=True)
    h, = torch.autograd.grad(g, xf, torch.ones(64))
    print(approx, h.tolist())
# gelu_backward called directly: both inputs require grad
go = torch.tensor([1., -2., 0.5], requires_grad=True)
s = torch.tensor([0.3, -1.2, 2.5], requires_grad=True)
r = torch.ops.aten.gelu_backward(go, s, approximate='tanh')
print(r.grad_fn.name(), r.grad_fn._saved_approximate)
trace_on(); r.sum().backward(); trace_off()
print(go.grad.tolist(), s.grad.tolist())
r = torch.ops.aten.gelu_backward(go.detach(), s)
r.sum().backward()
print(s.grad.tolist())
r = torch.ops.aten.gelu_backward(go, s.detach())
print(r.grad_fn.name(), [(f.name() if f is not None else None, i) for f, i in r.grad_fn.next_functions])
# in place: gelu_ on a non-leaf
a = torch.tensor([0.75, -0.5], requires_grad=True)
b = a * 1
torch._C._nn.gelu_(b)
g, = torch.autograd.grad(b.sum(), a, create_graph=True)
print(g.grad_fn.name())
g.sum().backward()
print(a.grad.tolist())
# errors: a freed graph, an unknown approximate
g, = torch.autograd.grad(F.gelu(xd).sum(), xd, create_graph=True)
g.sum().backward(retain_graph=False)
g.grad_fn._saved_self
torch.ops.aten.gelu_backward(go, s, approximate='x')
