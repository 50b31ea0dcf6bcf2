# the backward of norm: NormBackward0 to NormBackward3 (norm_backward by the cases of p), and frobenius_norm of two dims through mul, sum, sqrt
def grad_of(x, name):
    x = x.detach().requires_grad_()
    if name == 'fro':
        r = x.norm()
    if name == 'p2':
        r = x.norm(2)
    if name == 'p1dim':
        r = x.norm(1, 1)
    if name == 'p3dim':
        r = x.norm(3, 1)
    if name == 'inf':
        r = x.norm(float('inf'), 1)
    if name == 'p0':
        r = x.norm(0, 1)
    if name == 'p05':
        r = x.norm(0.5)
    if name == 'p15':
        r = x.norm(1.5)
    if name == 'pm1':
        r = x.norm(-1)
    if name == 'dtype':
        r = torch.norm(x, 2, dtype=torch.float64)
    if name == 'dtype_dim':
        r = torch.norm(x, 2, 1, dtype=torch.float64)
    if name == 'Scalar':
        r = torch.ops.aten.norm.Scalar(x, 2)
    if name == 'ScalarOpt_dtype':
        r = torch.ops.aten.norm.ScalarOpt_dtype(x, 2, dtype=torch.float64)
    if name == 'fro2':
        r = torch.norm(x, 'fro', dim=(0, 1))
    if name == 'keep':
        r = x.norm(2, 0, True)
    print(name, type(r.grad_fn).__name__)
    trace_on()
    r.sum().backward()
    trace_off()
    print(x.grad)
a = torch.tensor([[3., -4., 0.], [1., 2., -2.]])
for n in ['fro', 'p2', 'p1dim', 'p3dim', 'inf', 'p0', 'p15', 'dtype', 'dtype_dim', 'Scalar', 'ScalarOpt_dtype', 'fro2', 'keep']:
    grad_of(a, n)
grad_of(torch.tensor([1., 0., -2.]), 'p05')
grad_of(torch.tensor([1., 3., -2.]), 'pm1')
grad_of(torch.zeros(2, 3), 'fro')
grad_of(torch.tensor([[1., -5., 5.]]), 'inf')
