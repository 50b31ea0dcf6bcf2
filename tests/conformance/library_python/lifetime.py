# A Library's registrations live as long as the Library object: deleting
# it removes its operators and kernels,
# restores a kernel it overrode, frees its functions, and lets another
# Library define the namespace or override the same key again.  The
# kernel function itself is kept alive by the registration.
import gc
import weakref
import torch
from torch.library import Library


class Kernel:
    def __call__(self, x):
        return x + 1


k = Kernel()
ref = weakref.ref(k)
lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.impl("foo", k, "CPU")
print(torch.ops.mylib.foo(torch.zeros(2)))
del k
gc.collect()
print("alive while registered:", ref() is not None)
del lib
gc.collect()
print("freed with its Library:", ref() is None)
print(repr(torch._C._dispatch_dump_table("mylib::foo")))
print(hasattr(torch.ops.mylib, "foo"))
lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.impl("foo", lambda x: x + 2, "CPU")
print(torch.ops.mylib.foo(torch.zeros(2)))
over = Library("aten", "IMPL")
over.impl("neg", lambda x: x * 10, "CPU")
a = torch.tensor([1., 2.]).neg()
del over
print(a, torch.tensor([1., 2.]).neg())
again = Library("aten", "IMPL")
again.impl("neg", lambda x: x * 100, "CPU")
b = torch.tensor([1.]).neg()
del again
print(b, torch.tensor([1.]).neg())

