# torch.library.Library's own errors, 1.13's words: an unknown kind, the
# reserved namespace prim, a namespace defined twice (aten is PyTorch's own,
# and one a script defined), an unknown dispatch key, and the repr.
import torch
from torch.library import Library

for kind in ["FRAGMENT", "BLAH", "def"]:
    try:
        Library("mylib", kind)
    except ValueError as e:
        print("ValueError", e)
try:
    Library("prim", "DEF")
except ValueError as e:
    print("ValueError", e)
print(Library("prim", "IMPL"))
lib = Library("mylib", "DEF")
try:
    Library("mylib", "DEF")
except RuntimeError as e:
    print("RuntimeError", str(e).split("; latest registration")[0])
try:
    Library("aten", "DEF")
except RuntimeError as e:
    print("RuntimeError", str(e).split(" Previous registration")[0])
try:
    Library("mylib", "IMPL", "Blah")
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch._C._dispatch_library("XX", "zz", "")
except RuntimeError as e:
    print("RuntimeError", e)
print(Library("mylib", "IMPL", "CPU"))
print(Library("mylib", "IMPL", "CompositeImplicitAutograd"))
print(Library("other", "IMPL", "CUDA"))
# an IMPL Library of a namespace nobody defined is fine
print(Library("nobody", "IMPL"))
# the namespace is free again once its Library is gone
del lib
lib = Library("mylib", "DEF")
print(lib.define("foo(Tensor x) -> Tensor"))
