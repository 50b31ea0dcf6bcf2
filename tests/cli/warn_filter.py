import torch
# Python's default warnings filter on 1.13's warnings, run by tests/cli/warnings.sh: each
# warning is shown once per place (module and line), C++ TORCH_WARNs at the
# script's line, torch's own warnings.warn at torch/autograd/__init__.py's
x = torch.ones(2, requires_grad=True)
(x * x).sum().backward(create_graph=True)
(x * x).sum().backward(create_graph=True)
for i in range(3):
    (x * x).sum().backward(create_graph=True)
y = x * 2
print(y.grad)
print(y.grad)
for i in range(3):
    print(y.grad)
def f():
    return y.grad
f()
f()
m = torch.ones(3)
m.masked_fill_(torch.tensor([1, 0, 1], dtype=torch.uint8), 2.)
m.masked_fill_(torch.tensor([1, 0, 1], dtype=torch.uint8), 2.)
for i in range(2):
    m.masked_fill_(torch.tensor([1, 0, 1], dtype=torch.uint8), 2.)
o = torch.ones(2)
torch.add(torch.ones(3), 1, out=o)
o = torch.ones(2)
torch.add(torch.ones(3), 1, out=o)
z = torch.ones(2, 3, 4)
print(z.T.shape)
print(z.T.shape)
torch.autograd.backward((x * x).sum(), grad_variables=torch.tensor(1.))
torch.autograd.backward((x * x).sum(), grad_variables=torch.tensor(1.))
torch.autograd.grad((x * x).sum(), x, only_inputs=False)
torch.autograd.grad((x * x).sum(), x, only_inputs=False)
# backward(create_graph=True) made x.grad's graph hold x (the cycle its
# warning names); dropping the gradient breaks it, as 1.13's docs advise.
x.grad = None
