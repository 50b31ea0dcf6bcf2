"""The decomposition table: Python functions that compute an operator from
others, by OpOverload (torch._decomp.decomposition_table).

register_decomposition(op) adds a function for op (an OpOverload, or an
OpOverloadPacket: each of its overloads) and, as in 1.13, registers it as
op's Meta kernel where op has none yet: an operator whose dispatch table
has no Meta entry (its own, a CompositeExplicitAutograd or a
CompositeImplicitAutograd one) gets the decomposition, so that meta
tensors run through it.  That is where most of the Meta rows "registered
at /dev/null" of 1.13's `_dispatch_dump_table` come from; the order of
the imports decides which function an operator gets, the first to
register (this module, then the references of torch._refs, then
torch._meta_registrations, whose functions are registered whatever the
table has).

PyTorch 1.13: torch/_decomp/__init__.py
"""
from collections import defaultdict
import inspect

import minaten as torch
import minaten._ops
import minaten.library
from minaten.utils._pytree import tree_map

__all__ = ["decomposition_table", "register_decomposition", "get_decompositions"]

decomposition_table = {}

meta_lib = torch.library.Library("aten", "IMPL", "Meta")


def register_decomposition(aten_op, registry=None, *, disable_meta=False):
    """A decorator: the function becomes aten_op's decomposition (each
    overload's, for a packet), and its Meta kernel where it has none and
    disable_meta is not set.  An operator that is a view refuses a Python
    meta kernel: what it returned would not share its input's storage."""

    def decomposition_decorator(f):
        fn = f
        out_annotation = f.__annotations__.get("out")
        if out_annotation is not None and getattr(out_annotation, "__origin__", None) is tuple:
            # out= is a tuple of named tensors (values=, indices=): the
            # registered function takes them by name and hands f one tuple
            out_names = inspect.signature(f).return_annotation._fields

            def fn(*args, **kwargs):
                out_kwargs = tuple(kwargs.pop(o, None) for o in out_names)
                is_none = out_kwargs[0] is None
                assert all((o is None) == is_none for o in out_kwargs)
                return f(*args, **kwargs, out=None if is_none else out_kwargs)

        nonlocal registry
        if registry is None:
            registry = decomposition_table

        def add_op_to_table(aten_op):
            if isinstance(aten_op, minaten._ops.OpOverload):
                overloads = [aten_op]
            else:
                assert isinstance(aten_op, minaten._ops.OpOverloadPacket)
                overloads = [getattr(aten_op, ol) for ol in aten_op.overloads()]
            for op_overload in overloads:
                if op_overload in registry:
                    raise RuntimeError(f"duplicate registrations for {op_overload}")
                registry[op_overload] = fn
                name = op_overload._schema.name
                if op_overload._schema.overload_name:
                    name += "." + op_overload._schema.overload_name
                if (not disable_meta and torch._C._dispatch_has_kernel(name)
                        and not torch._C._dispatch_has_computed_kernel_for_dispatch_key(name, "Meta")):
                    if any(a.alias_info is not None and not a.alias_info.is_write
                           for a in op_overload._schema.arguments):
                        raise RuntimeError(f"""
Attempting to register a python meta kernel for a view operator: {str(op_overload)}.
We shouldn't do this, because the output will report as not having aliased storages.
All view ops have meta kernels in C++ today, so we should use those instead.

If you're registering an operator through the `@register_decomposition` decorator,
Please set `disable_meta=True`.
                        """)
                    meta_lib.impl(op_overload, fn)

        tree_map(add_op_to_table, aten_op)
        return fn

    return decomposition_decorator


def get_decompositions(aten_ops):
    """{OpOverload: function} for the operators asked for: each overload of
    a packet that has one, an overload that has one; others are left out."""
    packets_to_overloads = defaultdict(list)
    for opo in decomposition_table:
        packets_to_overloads[opo.overloadpacket].append(opo)
    decompositions = {}
    for op in aten_ops:
        if isinstance(op, minaten._ops.OpOverloadPacket) and op in packets_to_overloads:
            for op_overload in packets_to_overloads[op]:
                decompositions[op_overload] = decomposition_table[op_overload]
        elif isinstance(op, minaten._ops.OpOverload) and op in decomposition_table:
            decompositions[op] = decomposition_table[op]
    return decompositions


# populate the table
import minaten._decomp.decompositions  # noqa: E402,F401
import minaten._refs  # noqa: E402,F401
import minaten._refs.nn.functional  # noqa: E402,F401
