# exp, sin, sigmoid and tanh of inputs longer than a grain at 1, 2 and 4
# threads.  1.13's vml kernels (exp, log, sin, cos, tanh) run on threads
# above 2048 elements, sigmoid above 32768, and each thread's chunk starts
# a new inner loop: where the chunks end decides which elements share a
# Sleef vector (sin) or fall in sigmoid's scalar tail, so the last bits
# depend on the thread count.
import torch

x = torch.arange(300007, dtype=torch.float32) * 0.37 - 50000
big = x * 1000
for n in [1, 2, 4]:
    torch.set_num_threads(n)
    print("threads", torch.get_num_threads())
    for name in ["exp", "sin", "cos", "tanh", "sigmoid", "log"]:
        f = getattr(torch, name)
        y = f(x / 50000) if name != "log" else f(x.abs() + 1)
        print(name, y.double().sum().item(), y[75000:75004].tolist(), y[-3:].tolist())
    s = torch.sin(big)
    print(s.double().sum().item(), s[[0, 4097, 150003, 300006]].tolist())
    t = torch.sigmoid(x.view(300007, 1)[::2] / 9999)
    print(t.double().sum().item())
    u = torch.exp(x[:300006].view(7, 42858)[:, :40000] / 60000)
    print(u.double().sum().item(), u.t().contiguous().sin().double().sum().item())
