"""myops.py - the operators of ../myops.yaml for PyTorch 1.13, which
tools/oracle/record.py runs before ../values.py (it runs every torch/*.py
beside a script first).

PyTorch has no --yaml: they are defined here the way a 1.13 user defines
operators without rebuilding, with torch.library (the Python face of
TORCH_LIBRARY), with kernels computing what ../myops_kernels.c computes at
the same dispatch keys.  minaten never runs this file.
"""
import torch

lib = torch.library.Library("myops", "DEF")
lib.define("cube(Tensor self) -> Tensor")
lib.define("scale(Tensor self, float factor=2.0) -> Tensor")
lib.define("twice(Tensor self) -> Tensor")
lib.define("rectified(Tensor self) -> Tensor")


def cube(self):
    return self * self * self


def scale(self, factor=2.0):  # a C++ kernel gets the default; a Python one is called as written
    if factor == 0:
        raise RuntimeError("myops::scale: factor must not be 0")
    return torch.ops.aten.mul.Scalar(self, factor)  # at_mul_Scalar, as the C kernel


lib.impl("cube", cube, "CPU")
lib.impl("scale", scale, "CPU")
lib.impl("twice", lambda self: self + self, "CompositeImplicitAutograd")
lib.impl("rectified", torch.relu, "CPU")
