# torch._C._dispatch_dump_table of an operator with Python kernels: each
# kernel "registered at /dev/null:LINE" with the kind of its entry, for the
# keys minaten has (the entries' kernel names, minaten's addition, are cut).
import torch
from torch.library import Library

KEYS = ["Undefined", "CPU", "Lazy", "QuantizedCPU", "AutogradOther", "AutogradCPU", "AutogradLazy"]


def table(name):
    for line in torch._C._dispatch_dump_table(name).splitlines():
        key = line.split(":")[0]
        if key in KEYS and "/dev/null" in line:
            print(line[: line.index("]") + 1].replace(line.split("/dev/null:")[1].split(" ")[0], "N"))


lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.define("bar(Tensor x) -> Tensor")
lib.define("baz(Tensor x) -> Tensor")
lib.impl("foo", lambda x: x, "CPU")
lib.impl("bar", lambda x: x, "CompositeImplicitAutograd")
lib.impl("baz", lambda x: x, "CompositeExplicitAutograd")
lib.impl("baz", lambda x: x, "Autograd")
table("mylib::foo")
print("--")
table("mylib::bar")
print("--")
table("mylib::baz")
print("--")
print(repr(torch._C._dispatch_dump_table("mylib::nothing")))
print("CompositeImplicitAutograd" in torch._C._dispatch_dump("mylib::bar"))
print("CPU" in torch._C._dispatch_dump("mylib::foo"))
