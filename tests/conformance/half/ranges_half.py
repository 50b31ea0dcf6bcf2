# linspace, logspace and arange of float16 and bfloat16: 1.13 computes
# linspace with c10::Half's operators (every step rounded), from start for
# the first half and from end for the rest, in vectors of 16 lanes;
# logspace has no Half kernel.
import torch

for dt in (torch.half, torch.bfloat16):
    for args in ((0, 1, 5), (-3, 7, 37), (1, 1000, 100), (0.1, 0.7, 33), (5, -5, 64), (0.3, 2.9, 50), (0.37, 1.91, 300), (2, 3, 1), (0, 1, 0)):
        try:
            print(dt, args, torch.linspace(*args, dtype=dt).tolist())
        except Exception as e:
            print(type(e).__name__, e)
        try:
            print(torch.logspace(*args, dtype=dt).tolist())
        except Exception as e:
            print(type(e).__name__, e)
    print(torch.arange(0, 1, 0.25, dtype=dt), torch.arange(10, dtype=dt), torch.arange(-2, 300, 7.5, dtype=dt).tolist())
    print(torch.rot90(torch.arange(6.).reshape(2, 3).to(dt)))
    print(torch.linspace(0, 1, 5, dtype=dt, out=torch.empty(5, dtype=dt)) if False else torch.linspace(0, 1, 5, out=torch.empty(0, dtype=dt)))
