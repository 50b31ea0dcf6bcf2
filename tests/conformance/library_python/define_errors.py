# define's errors: an operator defined twice, a schema of another
# namespace, a define in an IMPL library, a name without a schema, an
# unknown alias analysis kind; a schema that does not parse is a
# RuntimeError (its message is the schema parser's: not pinned here).
import torch
from torch.library import Library

lib = Library("mylib", "DEF")
print(lib.define("foo(Tensor x) -> Tensor"))
try:
    lib.define("foo(Tensor x) -> Tensor")
except RuntimeError as e:
    print("RuntimeError", str(e).split(" Duplicate registration")[0])
try:
    lib.define("mylib::foo(Tensor y) -> Tensor")
except RuntimeError as e:
    print("RuntimeError", str(e).split(" Duplicate registration")[0])
print(lib.define("foo.other(Tensor x) -> Tensor"))
try:
    lib.define("other::bar(Tensor x) -> Tensor")
except RuntimeError as e:
    print("RuntimeError", str(e).split("  (Error occurred")[0])
try:
    lib.define("bar")
except RuntimeError as e:
    print("RuntimeError", e)
for bad in ["bar(Tensor x -> Tensor", "bar(Tenso x) -> Tensor", "bar(Tensor x) Tensor", "bar(int x=a) -> Tensor"]:
    try:
        lib.define(bad)
    except RuntimeError:
        print("RuntimeError for", bad)
try:
    lib.define("bar(Tensor x) -> Tensor", alias_analysis="PURE_FUNCTION")
except RuntimeError as e:
    print("RuntimeError", e)
try:
    lib.m.define("bar(Tensor x) -> Tensor", "BLAH")
except RuntimeError as e:
    print("RuntimeError", e)
print(lib.define("bar(Tensor x) -> Tensor", alias_analysis="CONSERVATIVE"))
print(lib.define("baz(Tensor x) -> Tensor", "FROM_SCHEMA"))
impl = Library("mylib", "IMPL")
try:
    impl.define("qux(Tensor x) -> Tensor")
except RuntimeError as e:
    print("RuntimeError", str(e).split("  (Error occurred")[0])
print(torch.ops.mylib.foo.overloads())
