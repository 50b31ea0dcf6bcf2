# Gradients of complex tensors as 1.13 computes them: the conjugate
# Wirtinger convention (a real loss L gives dL/dz* ... as grad), R -> C
# (handle_r_to_c: a real input gets the real part), the formulas with
# conj() (mul, div, abs, angle, sgn, view_as_real, view_as_complex, complex,
# _to_copy), and the backward traces, which show _conj, the math bits'
# clones and the views.
import torch

z = torch.tensor([1 + 2j, -1j, 3 + 0j, 0j], requires_grad=True)
w = torch.tensor([2 - 1j, 1j, 0.5 + 0j, 1 + 1j])
x = torch.tensor([1., 2., -3., 4.], requires_grad=True)
print(z.requires_grad, z.dtype, z.is_leaf)
for name, f in [("abs", lambda: (z * w).abs().sum()), ("angle", lambda: z.angle().sum()),
                ("sgn", lambda: z.sgn().real.sum()), ("real", lambda: (z * x).real.sum()),
                ("imag", lambda: (z / (x + 1j)).imag.sum()), ("view_as_real", lambda: torch.view_as_real(z).pow(2).sum()),
                ("conj", lambda: (z.conj() * z).real.sum()), ("complex", lambda: torch.complex(x, x * 2).abs().sum()),
                ("to", lambda: x.to(torch.complex64).mul(1j).imag.sum()),
                ("view_as_complex", lambda: torch.view_as_complex(torch.stack([x, x * x], -1)).abs().sum()),
                ("sum", lambda: (z * w).sum().abs()), ("div", lambda: (w / z[:2].repeat(2)).real.sum()),
                ("polar", lambda: (torch.polar(x.abs(), x) * w).real.sum())]:
    z.grad = None
    x.grad = None
    l = f()
    l.backward()
    print(name, l, z.grad, x.grad)
# a complex scalar output: 1.13 makes its gradient 1 + 0j
z.grad = None
(z * w).sum().backward()
print(z.grad)
try:
    (z * w).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.autograd.grad((z * z).abs().sum(), z))
print(torch.autograd.grad((z * z).sum(), z, grad_outputs=torch.tensor(1 - 1j)))
print(torch.autograd.grad(x.to(torch.complex128).sum(), x, grad_outputs=torch.tensor(2 + 3j, dtype=torch.complex128)))
c = torch.tensor([1 + 1j], requires_grad=True)
print([t.grad_fn.name() for t in (c.abs(), c.angle(), c.sgn(), c.real, torch.view_as_real(c), c.conj(), c * 2,
                                  torch.complex(x, x))])
for name, f in [("abs", lambda: z.abs().sum()), ("angle", lambda: z.angle().sum()),
                ("sgn", lambda: z.sgn().real.sum()), ("mul", lambda: (z * x).real.sum()),
                ("imag", lambda: z.imag.sum()), ("view_as_real", lambda: torch.view_as_real(z).sum()),
                ("sum", lambda: z.sum()), ("conj", lambda: (z.conj() * z).real.sum()),
                ("to", lambda: x.to(torch.complex64).abs().sum()),
                ("polar", lambda: (torch.polar(x.abs(), x) * w).real.sum())]:
    z.grad = None
    x.grad = None
    print(name)
    trace_on()
    l = f()
    l.backward()
    trace_off()
    print(z.grad, x.grad)
