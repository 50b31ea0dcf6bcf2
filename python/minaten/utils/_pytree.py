"""torch.utils._pytree: nested lists, tuples, dicts and namedtuples ("pytrees")
flattened into their leaves and a spec to rebuild them, and tree_map, which
a __torch_dispatch__ uses to unwrap and wrap every tensor in args, kwargs and
results.

    tree_map(lambda t: t * 2, {"a": [1, (2, 3)]})   ->  {"a": [2, (4, 6)]}
    tree_flatten([1, {"x": 2}])  ->  ([1, 2], TreeSpec(list, None, [*, TreeSpec(dict, ['x'], [*])]))

PyTorch 1.13: torch/utils/_pytree.py
"""
from collections import OrderedDict, namedtuple
from typing import Any, Callable, Dict, List, Type

Context = Any
NodeDef = namedtuple("NodeDef", ["flatten_fn", "unflatten_fn"])
SUPPORTED_NODES: Dict[Type[Any], NodeDef] = {}


def _register_pytree_node(typ, flatten_fn, unflatten_fn):
    SUPPORTED_NODES[typ] = NodeDef(flatten_fn, unflatten_fn)


def _dict_flatten(d):
    return list(d.values()), list(d.keys())


def _dict_unflatten(values, context):
    return {key: value for key, value in zip(context, values)}


def _list_flatten(d):
    return d, None


def _list_unflatten(values, context):
    return list(values)


def _tuple_flatten(d):
    return list(d), None


def _tuple_unflatten(values, context):
    return tuple(values)


def _namedtuple_flatten(d):
    return list(d), type(d)


def _namedtuple_unflatten(values, context):
    return context(*values)


def _odict_flatten(d):
    return list(d.values()), list(d.keys())


def _odict_unflatten(values, context):
    return OrderedDict((key, value) for key, value in zip(context, values))


_register_pytree_node(dict, _dict_flatten, _dict_unflatten)
_register_pytree_node(list, _list_flatten, _list_unflatten)
_register_pytree_node(tuple, _tuple_flatten, _tuple_unflatten)
_register_pytree_node(namedtuple, _namedtuple_flatten, _namedtuple_unflatten)
_register_pytree_node(OrderedDict, _odict_flatten, _odict_unflatten)


def _is_namedtuple_instance(pytree):
    typ = type(pytree)
    bases = typ.__bases__
    if len(bases) != 1 or bases[0] != tuple:
        return False
    fields = getattr(typ, "_fields", None)
    return isinstance(fields, tuple) and all(type(entry) == str for entry in fields)


def _get_node_type(pytree):
    return namedtuple if _is_namedtuple_instance(pytree) else type(pytree)


def _is_leaf(pytree):
    return _get_node_type(pytree) not in SUPPORTED_NODES


class TreeSpec:
    """How to rebuild a pytree from its leaves: the node's type, its context
    (a dict's keys, a namedtuple's class) and its children's specs."""

    def __init__(self, type, context, children_specs):
        self.type = type
        self.context = context
        self.children_specs = children_specs
        self.num_leaves = sum(spec.num_leaves for spec in children_specs)

    def __repr__(self):
        return "TreeSpec(%s, %s, [%s])" % (self.type.__name__, self.context,
                                           ", ".join(repr(spec) for spec in self.children_specs))

    def __eq__(self, other):
        return isinstance(other, TreeSpec) and (self.type, self.context, self.children_specs) == \
            (other.type, other.context, other.children_specs)

    def __ne__(self, other):
        return not self.__eq__(other)


class LeafSpec(TreeSpec):
    def __init__(self):
        super().__init__(None, None, [])
        self.num_leaves = 1

    def __repr__(self):
        return "*"


def tree_flatten(pytree):
    """The leaves of pytree in order, and the TreeSpec that rebuilds it."""
    if _is_leaf(pytree):
        return [pytree], LeafSpec()
    node_type = _get_node_type(pytree)
    child_pytrees, context = SUPPORTED_NODES[node_type].flatten_fn(pytree)
    result: List[Any] = []
    children_specs: List[TreeSpec] = []
    for child in child_pytrees:
        flat, child_spec = tree_flatten(child)
        result += flat
        children_specs.append(child_spec)
    return result, TreeSpec(node_type, context, children_specs)


def tree_unflatten(values, spec):
    """The pytree spec describes, with values as its leaves."""
    if not isinstance(spec, TreeSpec):
        raise ValueError("tree_unflatten(values, spec): Expected `spec` to be instance of TreeSpec but got item of "
                         "type %s." % type(spec))
    if len(values) != spec.num_leaves:
        raise ValueError("tree_unflatten(values, spec): `values` has length %d but the spec refers to a pytree that "
                         "holds %d items (%s)." % (len(values), spec.num_leaves, spec))
    if isinstance(spec, LeafSpec):
        return values[0]
    unflatten_fn = SUPPORTED_NODES[spec.type].unflatten_fn
    start = 0
    child_pytrees = []
    for child_spec in spec.children_specs:
        end = start + child_spec.num_leaves
        child_pytrees.append(tree_unflatten(values[start:end], child_spec))
        start = end
    return unflatten_fn(child_pytrees, spec.context)


def tree_map(fn: Callable[[Any], Any], pytree):
    """pytree with fn applied to each leaf."""
    flat_args, spec = tree_flatten(pytree)
    return tree_unflatten([fn(i) for i in flat_args], spec)


def map_only(ty):
    """fn wrapped to apply only to leaves of type ty (others pass through)."""
    def deco(f):
        def inner(x):
            return f(x) if isinstance(x, ty) else x
        return inner
    return deco


def tree_map_only(ty, fn, pytree):
    return tree_map(map_only(ty)(fn), pytree)


def tree_all(pred, pytree):
    return all(map(pred, tree_flatten(pytree)[0]))


def tree_any(pred, pytree):
    return any(map(pred, tree_flatten(pytree)[0]))


def tree_all_only(ty, pred, pytree):
    return all(pred(x) for x in tree_flatten(pytree)[0] if isinstance(x, ty))


def tree_any_only(ty, pred, pytree):
    return any(pred(x) for x in tree_flatten(pytree)[0] if isinstance(x, ty))
