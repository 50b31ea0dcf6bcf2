# softmax and log_softmax of float16 (1.13's CPU kernels have no Half loop)
# and bfloat16 (computed in float, rounded once), along each dim.
import torch

for dt in (torch.half, torch.bfloat16):
    a = torch.tensor([[1., 2., 3.], [0.5, 0.1, -1]], dtype=dt)
    for f in (lambda: a.softmax(1), lambda: a.softmax(0), lambda: a.log_softmax(1), lambda: a.log_softmax(0),
              lambda: torch.softmax(a.float(), 1, dtype=dt), lambda: torch.softmax(a, 1, dtype=torch.float32),
              lambda: torch._softmax(a, 1, True), lambda: torch.arange(40.).reshape(4, 10).div(7).to(dt).softmax(1),
              lambda: torch.arange(40.).reshape(4, 10).div(7).to(dt).log_softmax(0)):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
for n in (16, 20, 37, 100):
    t = torch.arange(3. * n).reshape(3, n).mul(0.37).sin().mul(4).to(torch.bfloat16)
    print(n, t.log_softmax(1).tolist()[1][:8], t.softmax(1).tolist()[2][-4:], t.log_softmax(0).tolist()[0][:4])
