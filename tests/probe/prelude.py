# The live tensors every probe starts from, one of each kind a user meets:
# read by tests/probe/probe_schemas.py (the schema probe) and by the fuzz
# target fuzz_interp, which runs these lines before each input, so that
# generated statements reach kernels instead of stopping at a NameError.
# Each name is a tensor; each function of the same name in capitals
# (F(), I(), ...) makes a fresh one, for calls that write their arguments.
# A script of the dialect (docs/torch-api.md), and Python too.
def F():
    return torch.arange(6.).reshape(2, 3)
def D():
    return torch.arange(6., dtype=torch.float64).reshape(2, 3)
def I():
    return torch.arange(6).reshape(2, 3)
def B():
    return torch.tensor([[True, False, True], [False, True, True]])
def V():
    return torch.arange(12.).reshape(4, 3)[1::2].t()
def Z():
    return torch.tensor(2.5)
def E():
    return torch.ones(0, 3)
def L():
    return torch.arange(6.).reshape(2, 3).to("lazy")
def Q():
    return torch.quantize_per_tensor(torch.arange(6.).reshape(2, 3), 0.1, 2, torch.quint8)
def QC():
    return torch.quantize_per_channel(torch.arange(6.).reshape(2, 3), torch.tensor([0.1, 0.2]), torch.tensor([0, 1]), 0, torch.qint8)
def M():  # a meta tensor: sizes, strides and a dtype, no data
    return torch.empty(2, 3, device="meta")
def FN():  # a functional tensor: its operators go through the Functionalize key
    return torch._to_functional_tensor(torch.arange(6.).reshape(2, 3))
def X():
    return torch.arange(6.).reshape(2, 3).requires_grad_()
def Y():
    return torch.arange(6.).reshape(2, 3).requires_grad_() * 2
def H():
    return torch.arange(6., dtype=torch.float16).reshape(2, 3)
def BF():
    return torch.arange(6., dtype=torch.bfloat16).reshape(2, 3)
def C():
    return torch.complex(torch.arange(6.), -torch.arange(6.)).reshape(2, 3)
def CJ():  # a conjugated complex128 view, and so the math bits' fallback
    return torch.complex(torch.arange(6.), torch.ones(6)).to(torch.complex128).reshape(2, 3).conj()
f = F()
d = D()
i = I()
b = B()
v = V()
z = Z()
e = E()
l = L()
q = Q()
qc = QC()
m = M()
fn = FN()
x = X()
y = Y()
h = H()
bf = BF()
c = C()
cj = CJ()
