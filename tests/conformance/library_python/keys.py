# Python kernels for runtime and alias keys: CPU, Lazy, QuantizedCPU,
# CompositeExplicitAutograd, CompositeImplicitAutograd, and which one runs
# (a kernel for the backend beats CompositeExplicitAutograd, which beats
# CompositeImplicitAutograd); a kernel for a key with no tensor of its
# own (CUDA) never runs.  An IMPL library's key is the default.
import torch
from torch.library import Library

ran = []
lib = Library("mylib", "DEF")
lib.define("which(Tensor x) -> Tensor")
lib.define("cea(Tensor x) -> Tensor")
lib.define("cia(Tensor x) -> Tensor")


def kernel(name):
    def k(x):
        ran.append(name)
        return x.clone()
    return k


lib.impl("which", kernel("which CPU"), "CPU")
lib.impl("which", kernel("which CUDA"), "CUDA")
lib.impl("which", kernel("which CompositeExplicitAutograd"), "CompositeExplicitAutograd")
lib.impl("cea", kernel("cea CompositeExplicitAutograd"), "CompositeExplicitAutograd")
lib.impl("cia", kernel("cia CompositeImplicitAutograd"), "CompositeImplicitAutograd")
lazy = Library("mylib", "IMPL", "Lazy")
lazy.impl("cia", kernel("cia Lazy"))
q = torch.quantize_per_tensor(torch.tensor([1., 2.]), 0.5, 0, torch.quint8)
torch.ops.mylib.which(torch.ones(2))
torch.ops.mylib.which(q)
torch.ops.mylib.cea(torch.ones(2))
torch.ops.mylib.cea(q)
torch.ops.mylib.cia(torch.ones(2))
torch.ops.mylib.cia(torch.ones(2).to("lazy"))
qlib = Library("mylib", "IMPL", "QuantizedCPU")
qlib.impl("cea", kernel("cea QuantizedCPU"))
torch.ops.mylib.cea(q)
torch.ops.mylib.cea(torch.ones(2))
for r in ran:
    print(r)
