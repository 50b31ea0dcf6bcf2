# an operator of 17 tensors (libwideops.so): the dispatcher reads the keys
# of all of them (1.13 reads up to 64 arguments), so the 17th tensor alone
# can choose the kernel: a quantized one finds no QuantizedCPU kernel
# (the CPU kernel ran when minaten read only 16).  A Lazy tensor first sends
# the call to the Lazy backend's fallback, which runs the CPU kernel on CPU
# copies of every argument.
import torch
torch.ops.load_library("libwideops.so")
xs = [torch.full((3,), float(i)) for i in range(17)]
print(torch.ops.wideops.sum17(*xs))
q = torch.quantize_per_tensor(torch.ones(3), 0.5, 0, torch.quint8)
torch.ops.wideops.sum17(*xs[:16], q)
torch.ops.wideops.sum17(q, *xs[1:])
y = torch.ops.wideops.sum17(xs[0].to("lazy"), *xs[1:])
print(y.device)
print(y.cpu())
torch.ops.wideops.sum17(*xs[:16])
