# The factories and fills 1.13 gives a Meta kernel of the same code as the
# CPU's (`CPU, Meta:` in its YAML, or a *_meta_ twin): arange, linspace
# and logspace into a meta out= size it and check their arguments;
# uniform_, random_ and normal_ check theirs and draw nothing
import torch
M = dict(device="meta")
cases = [
 lambda: torch.empty(2, 3, **M).uniform_(2, 1),
 lambda: torch.empty(2, 3, dtype=torch.int64, **M).uniform_(),
 lambda: torch.empty(2, 3, **M).uniform_(0, float("inf")),
 lambda: torch.empty(2, 3, **M).t().uniform_(-1, 1).stride(),
 lambda: torch.empty(2, 3, **M).random_(),
 lambda: torch.empty(2, 3, **M).random_(5, 2),
 lambda: torch.empty(2, 3, dtype=torch.bool, **M).random_(0, 5),
 lambda: torch.empty(2, 3, **M).random_(10),
 lambda: torch.empty(2, 3, **M).normal_(0, -1),
 lambda: torch.empty(2, 3, dtype=torch.int64, **M).normal_(),
 lambda: torch.empty(2, 3, **M).normal_(1, 2),
 lambda: torch.arange(5, out=torch.empty(0, **M)),
 lambda: torch.arange(0, 5, 0.5, out=torch.empty(0, dtype=torch.int64, **M)),
 lambda: torch.arange(0, 5, 0, out=torch.empty(0, **M)),
 lambda: torch.arange(0, 5, -1, out=torch.empty(0, **M)),
 lambda: torch.arange(1, 2.5, 0.5, out=torch.empty(3, dtype=torch.float64, **M)),
 lambda: torch.arange(4, out=torch.empty(0, dtype=torch.bool, **M)),
 lambda: torch.linspace(0, 1, 5, out=torch.empty(0, **M)),
 lambda: torch.logspace(0, 1, 5, out=torch.empty(3, **M)),
 lambda: torch.logspace(0, 1, 1, out=torch.empty(3, **M)),
 lambda: torch.linspace(0, 1, -1, out=torch.empty(0, **M)),
 lambda: torch.linspace(0, 300, 4, out=torch.empty(0, dtype=torch.int8, **M)),
 lambda: torch.arange(5, **M),
 lambda: torch.arange(1, 4, dtype=torch.float64, **M),
 lambda: torch.linspace(0, 1, 5, **M),
 lambda: torch.logspace(0, 1, 2, dtype=torch.float64, **M),
 lambda: torch.rand(2, 3, **M),
 lambda: torch.randn(4, **M).normal_(),
]
for i, c in enumerate(cases):
    try:
        print(i, c())
    except Exception as e:
        print(i, type(e).__name__, e)
# on a meta out, linspace and logspace stop once it is sized (no dtype or
# overflow checks), arange checks its dtype and bounds as on the CPU
for c in [lambda: torch.linspace(0, 1, 5, out=torch.empty(0, dtype=torch.bool, **M)),
          lambda: torch.logspace(0, 1, 5, out=torch.empty(0, dtype=torch.bool, **M)),
          lambda: torch.logspace(0, 300, 4, out=torch.empty(0, dtype=torch.int8, **M)),
          lambda: torch.linspace(0, 300, 4, out=torch.empty(0, dtype=torch.int8)),
          lambda: torch.arange(0, 300, 100, out=torch.empty(0, dtype=torch.int8, **M)),
          lambda: torch.arange(0, 2**70, 2**68, out=torch.empty(0, dtype=torch.int64, **M)),
          lambda: torch.linspace(0, 1, 3, out=torch.empty(3, 2, **M)[:, 0]).stride(),
          lambda: torch.empty(2, dtype=torch.int64).normal_(),
          ]:
    try: print(c())
    except Exception as e: print(type(e).__name__, e)
