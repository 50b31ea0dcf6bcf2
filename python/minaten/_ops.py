"""torch.ops: every registered operator, by namespace and name.

    torch.ops.aten.add              an OpOverloadPacket: all of aten::add's overloads
    torch.ops.aten.add.Tensor       an OpOverload: aten::add.Tensor (.default: the one without a name)
    torch.ops.aten.add.Tensor._schema   its torch.FunctionSchema, printed as 1.13 prints it

Calling a packet tries its overloads in 1.13's order (Note [Order of a
packet's overloads], csrc/jit/python/init.c) with TorchScript's argument binding (csrc/jit/python/pybind_utils.c), not the
Python argument parser of torch.NAME; an overload binds to its own schema.
torch.ops.load_library(path) loads an operator library (a shared object
with MINATEN_LIBRARY blocks, docs/operator-libraries.md).

PyTorch 1.13: torch/_ops.py (OpOverload, OpOverloadPacket, _OpNamespace, _Ops)
"""
import os
import types

from minaten import _C


class OpOverload:
    """One overload of an operator.  PyTorch 1.13: torch/_ops.py OpOverload"""

    __module__ = "torch._ops"

    def __init__(self, overloadpacket, op, op_dk, schema, tags):
        self._op = op
        self._op_dk = op_dk
        self._schema = schema
        self._overloadpacket = overloadpacket
        self._tags = tags
        self._overloadname = "default" if schema.overload_name == "" else schema.overload_name
        self._name = self._schema.name
        if schema.overload_name:
            self._name += "." + schema.overload_name
        self.__name__ = "{}.{}".format(self._schema.name.split("::")[1], self._overloadname)
        self.__module__ = overloadpacket.__module__
        self.__qualname__ = self._name
        self.__annotations__ = {}

    # an OpOverload is immutable and unique for its operator
    def __deepcopy__(self, memo=None):
        return self

    def __repr__(self):
        return "<OpOverload(op='{}.{}', overload='{}')>".format(*self._schema.name.split("::"), self._overloadname)

    def __call__(self, *args, **kwargs):
        return self._op(*args, **kwargs or {})

    def __hash__(self):
        return hash(self._op)

    def __str__(self):
        return "{}.{}.{}".format(*self._schema.name.split("::"), self._overloadname)

    @property
    def namespace(self):
        return self._schema.name.split("::")[0]

    def name(self):
        return self._name

    @property
    def overloadpacket(self):
        return self._overloadpacket

    @property
    def op(self):
        return self._op

    @property
    def tags(self):
        return self._tags


class OpOverloadPacket:
    """All overloads of an operator name.  PyTorch 1.13: torch/_ops.py OpOverloadPacket"""

    __module__ = "torch._ops"

    def __init__(self, qualified_op_name, op_name, op, overload_names):
        self._qualified_op_name = qualified_op_name
        self.__name__ = op_name
        self._op = op
        self._overload_names = overload_names

    def __deepcopy__(self, memo=None):
        return self

    def __repr__(self):
        return "<OpOverloadPacket(op='{}.{}')>".format(*self._qualified_op_name.split("::"))

    def __hash__(self):
        return hash(self._op)

    def __str__(self):
        return "{}.{}".format(*self._qualified_op_name.split("::"))

    @property
    def op(self):
        return self._op

    def __getattr__(self, key):
        if key == "__file__":
            return "torch.ops"
        # dunder names are the builtin's, never an overload's
        try:
            if key.startswith("__"):
                return getattr(self._op, key)
        except AttributeError:
            raise AttributeError(
                "'{}' can't have an overload name beginning with '__' and the "
                "underlying op {} has no attribute {} either.".format(str(self), str(self._op), key)
            ) from None
        try:
            use_key = "" if key == "default" else key
            op_, op_dk_, tags = _C._get_operation_overload(self._qualified_op_name, use_key)
            schema = _C._get_schema(self._qualified_op_name, use_key)
            overload = OpOverload(self, op_, op_dk_, schema, tags)
            setattr(self, key, overload)  # one object per overload
            return overload
        except RuntimeError:
            raise AttributeError(
                "The underlying op of '{}' has no overload name '{}'".format(str(self), key)
            ) from None

    def __call__(self, *args, **kwargs):
        return self._op(*args, **kwargs or {})

    def overloads(self):
        return [n if n else "default" for n in self._overload_names]


class _OpNamespace(types.ModuleType):
    """torch.ops.NS: its operators made on first access and kept.
    PyTorch 1.13: torch/_ops.py _OpNamespace"""

    __module__ = "torch._ops"

    def __init__(self, name):
        super().__init__("torch.ops." + name)
        self.name = name

    def __getattr__(self, op_name):
        if op_name == "__file__":
            return "torch.ops"
        elif op_name == "__origin__":
            raise AttributeError()
        namespace_name = self.name
        qualified_op_name = "{}::{}".format(namespace_name, op_name)
        try:
            op, overload_names = _C._jit_get_operation(qualified_op_name)
        except RuntimeError as e:
            raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'") from e
        op.__module__ = self.__module__ + "." + namespace_name
        opoverloadpacket = OpOverloadPacket(qualified_op_name, op_name, op, overload_names)
        opoverloadpacket.__module__ = self.__module__ + "." + namespace_name
        setattr(self, op_name, opoverloadpacket)  # one packet per operator
        return opoverloadpacket


class _Ops(types.ModuleType):
    """torch.ops.  PyTorch 1.13: torch/_ops.py _Ops"""

    __module__ = "torch._ops"

    __file__ = "_ops.py"

    def __init__(self):
        super().__init__("torch.ops")
        self.loaded_libraries = set()

    def __getattr__(self, name):
        namespace = _OpNamespace(name)
        setattr(self, name, namespace)
        return namespace

    def load_library(self, path):
        """Loads an operator library into the process; its operators are
        torch.ops.NS.NAME from then on.  A path loaded already: nothing
        happens.  PyTorch 1.13: torch/_ops.py _Ops.load_library"""
        path = os.path.realpath(path)  # _utils_internal.resolve_library_path
        _C._load_library(path)
        self.loaded_libraries.add(path)


# The ops "namespace"
ops = _Ops()
