"""gdb pretty-printers for minaten's core types.

    (gdb) source tools/gdb/minaten.py
    (gdb) print *self
    $1 = Tensor(shape=[2, 3, 4], stride=[12, 4, 1], offset=0, dtype=Float, device=cpu,
                keys=DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU), refcount=2)
    (gdb) print ks
    $2 = DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)
    (gdb) print args[1]
    $3 = IValue(IntList [6, 4])

Printers: Tensor, DispatchKeySet, IValue, IntArrayRef, KernelFunction,
OperatorEntry (its qualified name), THPVariable (a tensor's Python object:
its cdata and reference count), and a short one for Tensor* (the
address, shape, strides, dtype and device), so that `info args`, `frame`
and `bt` show tensors rather than bare pointers:

    #0  at_native_rsqrt (self=0x555555832670 Tensor([2], stride=[1], Float, cpu)) at UnaryOps.c:122

Names come from the enums' own debug information, so they follow the
X-macro lists in the C headers.

Sourcing this file also defines the `minaten` commands (minaten_commands.py:
dispatch, keys, tensor, break, step-kernel, trace) and the frame filter that
folds libffi's frames in a backtrace (minaten_frames.py: `minaten fold`).
The installed copy (share/minaten/gdb) is auto-loaded for the installed
bin/minaten and the package's _C*.so through share/gdb/auto-load
(cmake/install.cmake), and this file for build/minaten and
build/python/minaten/_C*.so through build/gdb/auto-load (cmake/gdb.cmake),
once gdb is told those folders (docs/debugging.md).  It works in the
minaten program and in a plain python3 that imports minaten; in the
latter, minaten's types exist only once the module is loaded.

The build records source paths relative to the repository root
(-ffile-prefix-map in CMakeLists.txt: `ops/TensorShape.c`,
`build/generated/Functions.c`); loading this file adds that root to gdb's
source path, so gdb finds the sources from any folder: the checkout this
file is in (tools/gdb/), or, for the installed copy, the tree the installed
minaten was built from, which the install wrote beside it
(minaten_source.py, cmake/install.cmake).
"""
import os
import sys

import gdb
import gdb.printing

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def _source_root():
    """The folder the build's relative source paths start from: the
    installed copy's minaten_source.py names it; else this file's checkout."""
    recorded = os.path.join(_HERE, "minaten_source.py")
    if os.path.exists(recorded):
        names = {}
        with open(recorded) as f:
            exec(compile(f.read(), recorded, "exec"), names)
        return names["SOURCE_DIR"]
    return os.path.dirname(os.path.dirname(_HERE))


gdb.execute("directory " + _source_root(), to_string=True)


def _enum_name(value, prefix):
    name = str(value)
    return name[len(prefix):] if name.startswith(prefix) else name


def _int_list(ptr, n):
    return "[" + ", ".join(str(int(ptr[i])) for i in range(int(n))) + "]"


def _key_names(repr_bits):
    key_type = gdb.lookup_type("DispatchKey")
    names = []
    for field in key_type.fields():
        v = field.enumval
        if 0 < v < 64 and (repr_bits >> v) & 1 and field.name != "DispatchKey_NumRuntimeKeys":
            names.append(field.name[len("DispatchKey_"):])
    return names


class DispatchKeySetPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        return "DispatchKeySet(" + ", ".join(_key_names(int(self.val["repr"]))) + ")"


class TensorPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        v = self.val
        dim = int(v["dim"])
        device = _enum_name(v["device"]["type"], "DeviceType_").lower()
        if int(v["device"]["index"]) >= 0:
            device += ":%d" % int(v["device"]["index"])
        return "Tensor(shape=%s, stride=%s, offset=%d, dtype=%s, device=%s, keys=%s, refcount=%d)" % (
            _int_list(v["sizes"], dim), _int_list(v["strides"], dim), int(v["storage_offset"]),
            _enum_name(v["dtype"], "ScalarType_"), device,
            DispatchKeySetPrinter(v["key_set"]).to_string(), int(v["refcount"]))


class IntArrayRefPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        return _int_list(self.val["data"], self.val["size"])


class IValuePrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        v = self.val
        tag = _enum_name(v["tag"], "IValueTag_")
        u = v["u"]
        if tag == "None":
            return "IValue(None)"
        if tag == "Tensor":
            return "IValue(%s)" % TensorPrinter(u["tensor"].dereference()).to_string()
        if tag == "Int":
            return "IValue(Int %d)" % int(u["i"])
        if tag == "Double":
            return "IValue(Double %s)" % float(u["d"])
        if tag == "Bool":
            return "IValue(Bool %s)" % bool(u["b"])
        if tag == "String":
            return "IValue(String %s)" % u["s"].string()
        if tag == "IntList":
            data = u["list"]["data"].cast(gdb.lookup_type("int64_t").pointer())
            return "IValue(IntList %s)" % _int_list(data, u["list"]["size"])
        if tag == "ScalarType":
            return "IValue(ScalarType %s)" % _enum_name(u["scalar_type"], "ScalarType_")
        return "IValue(%s)" % tag


class KernelFunctionPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        v = self.val
        if bool(v["fallthrough"]):
            return "KernelFunction(fallthrough)"
        kind = "boxed" if int(v["boxed"]) else "unboxed"
        name = v["name"].string() if int(v["name"]) else "?"
        return "KernelFunction(%s %s)" % (kind, name)


class TensorPointerPrinter:
    """A Tensor* as `0x5555... Tensor([2, 3], stride=[3, 1], Float, cpu)`."""

    def __init__(self, val):
        self.val = val

    def to_string(self):
        address = "0x%x" % int(self.val)
        try:
            t = self.val.dereference()
            dim = int(t["dim"])
            if not 0 <= dim <= 64:
                return address
            device = _enum_name(t["device"]["type"], "DeviceType_").lower()
            return "%s Tensor(%s, stride=%s, %s, %s)" % (
                address, _int_list(t["sizes"], dim), _int_list(t["strides"], dim),
                _enum_name(t["dtype"], "ScalarType_"), device)
        except gdb.error:  # an uninitialised pointer: a local before its assignment
            return address


def _tensor_pointer_lookup(val):
    t = val.type.strip_typedefs()
    if t.code != gdb.TYPE_CODE_PTR or int(val) == 0:
        return None
    target = t.target().strip_typedefs()
    if target.code == gdb.TYPE_CODE_STRUCT and target.tag == "Tensor":
        return TensorPointerPrinter(val)
    return None


class THPVariablePrinter:
    """A tensor's Python object (csrc/autograd/python_variable.h): its
    tensor, short, and its Python reference count."""

    def __init__(self, val):
        self.val = val

    def to_string(self):
        v = self.val
        return "THPVariable(cdata=%s, ob_refcnt=%d)" % (
            TensorPointerPrinter(v["cdata"]).to_string() if int(v["cdata"]) else "NULL",
            int(v["ob_base"]["ob_refcnt"]))


class OperatorEntryPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        return "OperatorEntry(%s)" % self.val["qualified_name"].string()


def build_printer():
    pp = gdb.printing.RegexpCollectionPrettyPrinter("minaten")
    pp.add_printer("Tensor", "^Tensor$", TensorPrinter)
    pp.add_printer("DispatchKeySet", "^DispatchKeySet$", DispatchKeySetPrinter)
    pp.add_printer("IValue", "^IValue$", IValuePrinter)
    pp.add_printer("IntArrayRef", "^IntArrayRef$", IntArrayRefPrinter)
    pp.add_printer("KernelFunction", "^KernelFunction$", KernelFunctionPrinter)
    pp.add_printer("OperatorEntry", "^OperatorEntry$", OperatorEntryPrinter)
    pp.add_printer("THPVariable", "^THPVariable$", THPVariablePrinter)
    return pp


gdb.printing.register_pretty_printer(gdb.current_objfile(), build_printer(), replace=True)
_objfile = gdb.current_objfile()
_printers = _objfile.pretty_printers if _objfile is not None else gdb.pretty_printers
_printers[:] = [p for p in _printers if getattr(p, "__name__", "") != "_tensor_pointer_lookup"]
_printers.append(_tensor_pointer_lookup)

# No __pycache__ folder next to the sources (or in the installed share/).
_dont_write_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True
import minaten_commands  # noqa: E402
import minaten_frames  # noqa: E402
sys.dont_write_bytecode = _dont_write_bytecode

if not getattr(gdb, "_minaten_commands_registered", False):
    minaten_commands.register()
    minaten_frames.register()
    gdb._minaten_commands_registered = True
