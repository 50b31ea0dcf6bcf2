# What a Python kernel raises comes out of the operator call unchanged: its
# type, message and attributes; a return of the wrong type is 1.13's cast
# error, a None where the schema returns nothing is fine, anything else
# there is an error; the operator stays usable after each.
import torch
from torch.library import Library


class MyError(Exception):
    def __init__(self, code):
        super().__init__("my error %d" % code)
        self.code = code


def raising(x):
    if x.numel() == 1:
        raise MyError(7)
    if x.numel() == 2:
        raise KeyError("two")
    return x.view(-1, 5)


lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.define("wrong(Tensor x) -> Tensor")
lib.define("wrong_list(Tensor x) -> Tensor[]")
lib.define("none(Tensor x) -> ()")
lib.define("notnone(Tensor x) -> ()")
lib.impl("foo", raising, "CPU")
lib.impl("wrong", lambda x: 1, "CPU")
lib.impl("wrong_list", lambda x: x, "CPU")
lib.impl("none", lambda x: None, "CPU")
lib.impl("notnone", lambda x: x, "CPU")
try:
    torch.ops.mylib.foo(torch.ones(1))
except MyError as e:
    print("MyError", e, e.code)
try:
    torch.ops.mylib.foo(torch.ones(2))
except KeyError as e:
    print("KeyError", e)
try:
    torch.ops.mylib.foo(torch.ones(3))
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.ops.mylib.foo(torch.ones(10)))
try:
    torch.ops.mylib.wrong(torch.ones(1))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch.ops.mylib.wrong_list(torch.ones(1))
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.ops.mylib.none(torch.ones(1)))
try:
    torch.ops.mylib.notnone(torch.ones(1))
except RuntimeError as e:
    print("RuntimeError", e)
x = torch.ones(2, requires_grad=True)
try:
    torch.ops.mylib.foo(x)
except KeyError as e:
    print("KeyError under autograd", e)
