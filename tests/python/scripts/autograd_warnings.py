# Warnings from C through Python's warnings module (csrc/Exceptions.c PyWarningHandler): recorded by catch_warnings as UserWarnings of the calling line, once per place under the default filter, raised as exceptions under "error" after the call completed (the out= tensor is resized), and raised when an operator also fails
import torch
import warnings
x = torch.ones(2, requires_grad=True)
y = x * 2
def grad_of(t):
    return t.grad
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y.grad
    grad_of(y)
    o = torch.ones(2)
    torch.add(torch.ones(3), 1, out=o)
print([(w.category.__name__, w.lineno - caught[0].lineno, w.filename == caught[0].filename) for w in caught])
print([str(w.message)[:30] for w in caught])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")
    for i in range(3):
        y.grad
    grad_of(y)
    grad_of(y)
print(len(caught))
with warnings.catch_warnings():
    warnings.simplefilter("error")
    o = torch.ones(2)
    try:
        torch.add(torch.ones(3), 1, out=o)
    except UserWarning as e:
        print("raised", str(e)[:30], o.shape)
    try:
        y.grad
    except UserWarning as e:
        print("raised", str(e)[:30])
    try:
        torch.ops.aten.add.out(torch.ones(3), torch.ones(3), out=torch.ones(2))
    except UserWarning as e:
        print("raised", str(e)[:30])
    try:
        torch.add(torch.ones(3), torch.ones(4), out=torch.ones(2))
    except Exception as e:
        print(type(e).__name__, str(e)[:40])
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(y.grad)
