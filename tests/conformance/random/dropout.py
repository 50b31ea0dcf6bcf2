# torch.nn.functional.dropout on CPU: noise = empty_like(input),
# bernoulli_(1 - p), div_(1 - p), input * noise (mul_ in place); the input
# itself for p == 0, training=False or an empty input; zeros for p == 1.
import torch
import torch.nn.functional as F

torch.manual_seed(41)
x = torch.ones(10)
print(F.dropout(x, 0.3))
print(F.dropout(x, 0.5, training=False) is x, F.dropout(x, 0.0) is x, F.dropout(x, 1.0))
y = torch.ones(2, 5)
print(F.dropout(y, 0.5, inplace=True) is y, y)
print(F.dropout(torch.ones(3, dtype=torch.float64), 0.2))
print(torch.dropout(torch.arange(6.), 0.5, True))
w = torch.ones(4, requires_grad=True)
out = F.dropout(w, 0.5)
out.sum().backward()
print(out, out.grad_fn.name(), w.grad)
F.dropout(x, 1.5)
torch.dropout(x, -0.5, True)
trace_on()
F.dropout(torch.ones(3), 0.5)
F.dropout(torch.ones(3), 0.25, inplace=True)
