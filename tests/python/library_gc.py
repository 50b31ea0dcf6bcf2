"""Reference cycles through a torch.library Python kernel are collected
(tests/python/CMakeLists.txt).

A kernel that closes over its own Library (or an object holding it) makes a
cycle through C: the Library's _DispatchModule holds the kernel.  1.13's
PythonKernelHolder is invisible to gc, so 1.13 keeps such a Library, and its
override, forever; minaten's _DispatchModule shows its kernels to gc
(csrc/utils/python_dispatch.c), so the cycle is collected, and the override
goes with it.  Exit status 0 when all hold, 1 otherwise (the failures on
stderr).
"""
import gc
import sys
import weakref

import minaten as torch
from minaten.library import Library


class Holder:
    pass


def override_cycle():
    lib = Library("aten", "IMPL", "CPU")
    h = Holder()
    h.lib = lib

    def abs_cpu(x):
        return x * 0 if h.lib is not None else x
    lib.impl("abs", abs_cpu)
    return weakref.ref(h)


def def_cycle(i):
    lib = Library("gc%d" % i, "DEF")
    lib.define("foo(Tensor x) -> Tensor")
    lib.impl("foo", lambda x: (lib, x)[1], "CPU")
    return weakref.ref(lib)


failures = []
refs = []
for i in range(50):
    refs.append(override_cycle())
    gc.collect()
    if torch.tensor([-3.]).abs().item() != 3.0:
        failures.append("round %d: the override outlived its collected Library" % i)
        break
    refs.append(def_cycle(i))
gc.collect()
if any(r() is not None for r in refs):
    failures.append("%d of %d cycles not collected" % (sum(r() is not None for r in refs), len(refs)))
if any(torch._C._dispatch_dump_table("gc%d::foo" % i) for i in range(50)):
    failures.append("an operator of a collected Library is still registered")
for f in failures:
    print(f, file=sys.stderr)
sys.exit(1 if failures else 0)
