#!/usr/bin/python3
"""Records values.py's expected output from PyTorch 1.13 (Debian's python3-torch).

PyTorch has no --yaml: the operators of myops.yaml are defined here the way
a 1.13 user defines operators without rebuilding, with torch.library (the
Python face of TORCH_LIBRARY), with kernels computing what myops_kernels.c
computes at the same dispatch keys; then tools/oracle/record.py runs the
script in this process, as it runs any dialect script.

    /usr/bin/python3 tests/yaml_runtime/record_113.py > tests/yaml_runtime/values.out
"""
import os
import sys

import torch

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "tools", "oracle"))
import record  # noqa: E402

lib = torch.library.Library("myops", "DEF")
lib.define("cube(Tensor self) -> Tensor")
lib.define("scale(Tensor self, float factor=2.0) -> Tensor")
lib.define("twice(Tensor self) -> Tensor")
lib.define("negated(Tensor self) -> Tensor")


def cube(self):
    return self * self * self


def scale(self, factor=2.0):  # a C++ kernel gets the default; a Python one is called as written
    if factor == 0:
        raise RuntimeError("myops::scale: factor must not be 0")
    return torch.ops.aten.mul.Scalar(self, factor)  # at_mul_Scalar, as the C kernel


lib.impl("cube", cube, "CPU")
lib.impl("scale", scale, "CPU")
lib.impl("twice", lambda self: self + self, "CompositeImplicitAutograd")
lib.impl("negated", torch.neg, "CPU")

record.run_script(os.path.join(here, "values.py"))
