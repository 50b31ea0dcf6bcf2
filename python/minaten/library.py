"""torch.library: operator libraries from Python.

    lib = torch.library.Library("mylib", "DEF")     # defines the namespace mylib
    lib.define("foo(Tensor x) -> Tensor")           # returns "foo"
    lib.impl("foo", lambda x: x * 2, "CPU")         # a Python kernel for CPU
    torch.ops.mylib.foo(torch.ones(2))

    over = torch.library.Library("aten", "IMPL")    # kernels for existing operators
    over.impl("mul.Tensor", my_mul, "CPU")          # warns, and overrides aten's

A Library holds a torch._C._DispatchModule (csrc/utils/python_dispatch.c),
minaten's Library (dispatch/Library.h) with 1.13's checks and words; a
Python function registered with impl becomes a boxed kernel that calls it
(Note [Python kernels] there) and shows in torch._C._dispatch_dump_table
and in --trace=dispatch as "PythonKernelHolder(fn at FILE:LINE)".  When
the Library object goes (del, or gc), its definitions and kernels go too,
and a kernel it overrode is active again.

Which (namespace, operator, key) triples Python has overridden is kept in
_impls, so that two Libraries cannot both override the same one, as in
1.13.  1.13 has no fallback() here, and neither has minaten.

PyTorch 1.13: torch/library.py
"""
import os
import traceback

import minaten as torch
from minaten._ops import OpOverload

__all__ = ['Library', 'impl', 'define']

# "namespace/op_name/dispatch_key" for every kernel a Library registered
_impls = set()

# prim is reserved by TorchScript's interpreter
_reserved_namespaces = ['prim']


class Library:
    """A namespace's definitions (kind "DEF") or kernels for existing
    operators (kind "IMPL"), optionally for one dispatch key.
    PyTorch 1.13: torch/library.py Library"""

    def __init__(self, ns, kind, dispatch_key=""):
        if os.environ.get('PYTORCH_DISABLE_LIBRARY', "0") == "1":
            raise RuntimeError("Trying to use torch.library in an environment where it is disabled")
        if kind != "IMPL" and kind != "DEF":
            raise ValueError("Unsupported kind: ", kind)
        if ns in _reserved_namespaces and kind == "DEF":
            raise ValueError(ns, " is a reserved namespace. Please try creating a library with another name.")
        # 1.13 takes the frame two above this one (limit=3 from here), and
        # _dispatch_library records "/dev/null" and only its line
        frame = traceback.extract_stack(limit=3)[0]
        filename, lineno = frame.filename, frame.lineno
        self.m = torch._C._dispatch_library(kind, ns, dispatch_key, filename, lineno)
        self.ns = ns
        self._op_impls = set()
        self.kind = kind
        self.dispatch_key = dispatch_key

    def __repr__(self):
        return "Library(kind={}, ns={}, dispatch_key={})>".format(self.kind, self.ns, self.dispatch_key)

    def define(self, schema, alias_analysis=""):
        """Defines an operator of this namespace; returns its name."""
        if alias_analysis not in ["", "FROM_SCHEMA", "CONSERVATIVE"]:
            raise RuntimeError("Invalid alias_analysis type {}".format(alias_analysis))
        return self.m.define(schema, alias_analysis)

    def impl(self, op_name, fn, dispatch_key=''):
        """Registers fn as op_name's kernel for dispatch_key (by default the
        Library's key; with none, CompositeImplicitAutograd)."""
        if not callable(fn):
            raise TypeError("Input function is required to be a callable but found type {}".format(type(fn)))
        if dispatch_key == '':
            dispatch_key = self.dispatch_key

        if isinstance(op_name, str):
            name = op_name
        elif isinstance(op_name, OpOverload):
            name = op_name._schema.name
            overload_name = op_name._schema.overload_name
            if overload_name != '':
                name = name + '.' + overload_name
        else:
            raise RuntimeError("impl should be passed either a name or an OpOverload object as the first argument")

        key = self.ns + "/" + name.split("::")[-1] + "/" + dispatch_key
        if key in _impls:
            raise RuntimeError("This is not allowed since there's already a kernel registered from python overriding {}"
                               "'s behavior for {} dispatch key and {} namespace.".
                               format(name.split("::")[-1], dispatch_key, self.ns))

        if dispatch_key == "Meta":
            dispatcher_op_name = name
            if '::' not in dispatcher_op_name:
                dispatcher_op_name = f'{self.ns}::{dispatcher_op_name}'
            # the keys the operator has registrations for: an operator that
            # decomposes (CompositeImplicitAutograd) gets no meta kernel
            dispatch_key_registration = torch._C._dispatch_dump(dispatcher_op_name)
            if 'CompositeImplicitAutograd' in dispatch_key_registration:
                raise RuntimeError(
                    f"We should not register a meta kernel directly to the operator '{name}',"
                    " because it has a CompositeImplicitAutograd kernel in core."
                    " Instead we should let the operator decompose, and ensure that we have meta kernels"
                    " for the base ops that it decomposes into.")

        self.m.impl(name, dispatch_key, fn)
        _impls.add(key)
        self._op_impls.add(key)

    def __del__(self):
        # _op_impls is missing if __init__ raised
        _op_impls_ = getattr(self, '_op_impls', None)
        if _op_impls_:
            for key in self._op_impls:
                _impls.remove(key)
            del self.m


def impl(lib, name, dispatch_key=""):
    """A decorator: lib.impl(name, f, dispatch_key), f returned unchanged."""
    def wrap(f):
        lib.impl(name, f, dispatch_key)
        return f
    return wrap


def define(lib, schema, alias_analysis=""):
    """A decorator: defines schema in lib and registers f as its
    CompositeImplicitAutograd kernel (the Library's key, if it has one)."""
    def wrap(f):
        name = lib.define(schema, alias_analysis)
        lib.impl(name, f)
        return f
    return wrap
