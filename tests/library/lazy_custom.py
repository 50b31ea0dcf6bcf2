# an operator of a library on a Lazy tensor: no Lazy kernel, so the Lazy
# backend's fallback runs the CPU kernel eagerly on the materialized inputs
import torch
torch.ops.load_library("libmyops.so")
x = torch.tensor([-2., 0.5, 3.]).to("lazy")
y = torch.ops.myops.cube(x)
print(y.device)
print(y.cpu())
print(torch.ops.myops.softsign(x).cpu())
print(torch.ops.myops.scale(x, 3).cpu())
trace_on()
z = torch.ops.myops.cube(x)
trace_off()
print((z + 1).cpu())
