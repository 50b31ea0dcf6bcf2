# torch.set_default_dtype's errors, 1.13's TypeErrors word for word: a
# dtype that is not floating (integers, bool, quantized), an object that is
# not a dtype (a string, None, a number, the dtype class, a tensor), the
# Python function's arguments, get_default_dtype's; a refused dtype leaves
# the default as it was.  (NB(minaten): 1.13 takes torch.float16 and
# torch.bfloat16 too; minaten has neither, docs/torch-api.md.)
import torch

torch.set_default_dtype(torch.int32)
torch.set_default_dtype(torch.int64)
torch.set_default_dtype(torch.uint8)
torch.set_default_dtype(torch.bool)
torch.set_default_dtype(torch.quint8)
torch.set_default_dtype(torch.qint32)
print(torch.get_default_dtype())
torch.set_default_dtype("float64")
torch.set_default_dtype("torch.float64")
torch.set_default_dtype(None)
torch.set_default_dtype(1)
torch.set_default_dtype(1.5)
torch.set_default_dtype(torch.dtype)
torch.set_default_dtype(torch.tensor([1.], dtype=torch.float64))
torch.set_default_dtype([torch.float64])
print(torch.get_default_dtype())
torch.set_default_dtype()
torch.set_default_dtype(torch.float64, torch.float32)
print(torch.get_default_dtype())
torch.get_default_dtype(1)
torch.get_default_dtype(torch.float64)
torch.get_default_dtype(x=1)
print(torch.get_default_dtype(), torch.tensor(1.5).dtype)

# keyword d, a refused dtype after a good one, the default kept
torch.set_default_dtype(d=torch.float64)
print(torch.get_default_dtype())
torch.set_default_dtype(torch.int16)
print(torch.get_default_dtype(), torch.tensor([2.5]))
try:
    torch.set_default_dtype(torch.int8)
except TypeError as e:
    print(type(e).__name__, e, torch.get_default_dtype())
torch.set_default_dtype(torch.float)
print(torch.get_default_dtype(), torch.tensor([2.5]).dtype)
print(torch.set_default_dtype(torch.float32))
print(torch.get_default_dtype.__name__, torch.set_default_dtype.__name__, torch.get_default_dtype.__module__)
