# the backward of var, std, var_mean, std_mean: VarBackward0 (var_backward), StdBackward0, VarMeanBackward0, StdMeanBackward0, traced
def grad_of(x, name):
    x = x.detach().requires_grad_()
    if name == 'var':
        r = x.var()
    if name == 'var1':
        r = x.var(1)
    if name == 'var_c0k':
        r = torch.var(x, 1, correction=0, keepdim=True)
    if name == 'std':
        r = x.std()
    if name == 'std1':
        r = x.std(1)
    if name == 'var_mean':
        v, m = torch.var_mean(x, 1)
        r = v + m
    if name == 'std_mean_mean':
        r = torch.std_mean(x, 1)[1]
    if name == 'std_mean':
        s, m = torch.std_mean(x)
        r = s * m
    if name == 'var_dim0':
        r = torch.var(x, 0)
    if name == 'var_c2':
        r = torch.var(x, 0, correction=2)
    if name == 'var_empty_dims':
        r = torch.var(x, [])
    print(name, type(r.grad_fn).__name__)
    trace_on()
    r.sum().backward()
    trace_off()
    print(x.grad)
a = torch.tensor([[1., 2., 4.], [3., 5., 9.]])
grad_of(a, 'var')
grad_of(a, 'var1')
grad_of(a, 'var_c0k')
grad_of(a, 'std')
grad_of(a, 'std1')
grad_of(a, 'var_mean')
grad_of(a, 'std_mean_mean')
grad_of(a, 'std_mean')
grad_of(torch.ones(2, 2), 'std')
grad_of(torch.tensor(3.), 'var_dim0')
grad_of(torch.tensor([1., 2.]), 'var_c2')
grad_of(torch.ones(2, 2), 'var_empty_dims')
x = torch.tensor([1., 2., 4.], requires_grad=True)
print(torch.autograd.grad(x.var(), x, create_graph=True))
print(torch.autograd.grad(x.std(), x))
