# impl's errors, 1.13's words: a kernel that is not callable, an op_name of
# the wrong type, an unknown dispatch key, a key other than the IMPL
# library's own, another namespace, a second Python kernel for the same
# (namespace, operator, key), a Meta kernel for a decomposing operator.
# An impl for an operator nobody defined is allowed, as in 1.13.
import torch
from torch.library import Library

lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
try:
    lib.impl("foo", 3, "CPU")
except TypeError as e:
    print("TypeError", e)
try:
    lib.impl(3, lambda x: x, "CPU")
except RuntimeError as e:
    print("RuntimeError", e)
try:
    lib.impl("foo", lambda x: x, "Blah")
except RuntimeError as e:
    print("RuntimeError", e)
lib.impl("foo", lambda x: x + 1, "CPU")
try:
    lib.impl("foo", lambda x: x + 2, "CPU")
except RuntimeError as e:
    print("RuntimeError", e)
other = Library("mylib", "IMPL", "CPU")
try:
    other.impl("foo", lambda x: x + 3)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    other.impl("foo", lambda x: x, "Lazy")
except RuntimeError as e:
    print("RuntimeError", str(e).split("  (Error occurred")[0])
try:
    other.impl("aten::neg", lambda x: x)
except RuntimeError as e:
    print("RuntimeError", str(e).split("  (Error occurred")[0])
lib.impl("undefined_op", lambda x: x, "CPU")
print("registered a kernel for an undefined operator")
aten = Library("aten", "IMPL")
try:
    aten.impl("reshape", lambda x, s: x, "Meta")
except RuntimeError as e:
    print("RuntimeError", e)
try:
    aten.impl(torch.ops.aten.reshape.default, lambda x, s: x, "Meta")
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.ops.mylib.foo(torch.zeros(2)))
