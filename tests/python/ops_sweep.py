"""The operator sweep: every operator minaten registers, called through
torch.NAME, Tensor.NAME and torch.ops with a few argument sets, each call's
outcome as one line of text, so that minaten and PyTorch 1.13 can be
compared call by call (tests/python/test_ops_sweep.py; the outcomes of 1.13
are recorded by tests/python/record_ops_sweep.py into ops_sweep.expected
for machines without torch).

The calls are built from minaten's schemas (the same list under either
module): a plausible value per argument type (a 2x3 float tensor, dim 0,
sizes [2, 3], ...), then the same call with each positional argument
replaced by a string, with a required argument left out, with an unknown
keyword and with too many positional arguments.  An outcome is the result
(tensors by shape, dtype and values: canonical.py) or `Type: message` (its
lines joined with a literal \\n).
"""
import canonical

DIM_NAMES = {"dim", "dims", "dim0", "dim1", "start_dim", "end_dim", "axis", "dimension", "source", "destination"}
SIZE_NAMES = {"size", "shape", "sizes", "split_sizes", "output_size"}
STRINGS = {"rounding_mode": "trunc", "equation": "ij->ji", "reduce": "sum", "approximate": "none", "side": "left"}
# values are unspecified (uninitialised memory, random numbers): compared by shape and dtype only
UNSPECIFIED = ("empty", "rand", "bernoulli", "normal", "uniform", "multinomial", "dropout", "exponential")


class Arg:
    """An argument of a schema string: type (as written), name, default, keyword-only."""

    def __init__(self, text, kwarg_only):
        self.type, rest = text.rsplit(" ", 1) if "=" not in text else text.split("=")[0].rsplit(" ", 1)
        self.name = rest
        self.has_default = "=" in text
        self.kwarg_only = kwarg_only


def parse_arguments(schema):
    """The Args of a schema string "ns::name.overload(ARGS) -> RETURNS"."""
    inner = schema[schema.index("(") + 1:schema.rindex(") ->")]
    parts, depth, cur = [], 0, ""
    for c in inner:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    args, kwarg_only = [], False
    for p in parts:
        if p == "*":
            kwarg_only = True
            continue
        args.append(Arg(p, kwarg_only))
    return args


def value_for(T, a, name):
    """A plausible Python value for schema argument a."""
    t = a.type
    if t.startswith("Tensor?[]"):
        return [T.arange(2)]
    if t.startswith("Tensor[]") or t.startswith("Tensor(a)[]"):
        return [T.arange(6.).reshape(2, 3), T.arange(6.).reshape(2, 3)]
    if t.startswith("Tensor"):
        return T.arange(6.).reshape(2, 3)
    if t.startswith("int[") or t.startswith("SymInt["):
        if a.name in DIM_NAMES:
            return [0]
        if a.name == "stride":
            return [3, 1]
        return [2, 3]
    if t.startswith("int") or t.startswith("SymInt"):
        return 0 if a.name in DIM_NAMES else 1
    if t.startswith("float"):
        return 0.5
    if t.startswith("Scalar"):
        return 2
    if t.startswith("bool"):
        return False
    if t.startswith("str"):
        return STRINGS.get(a.name, "x")
    if t.startswith("ScalarType"):
        return T.float64
    if t.startswith("Layout"):
        return T.strided
    if t.startswith("Device"):
        return "cpu"
    if t.startswith("MemoryFormat"):
        return T.contiguous_format
    if t.startswith("QScheme"):
        return T.per_tensor_affine
    return None


def describe(r, values=True):
    """One line for a result (values False: tensors by shape and dtype, their
    elements unread: an empty() tensor's are uninitialised memory)."""
    if hasattr(r, "dim") and hasattr(r, "dtype") and hasattr(r, "item"):
        return canonical.canonical(r) if values else "T(%s, %s, ?)" % (list(r.shape), r.dtype)
    if isinstance(r, tuple):
        name = type(r).__name__
        return "%s(%s)" % ("tuple" if name == "tuple" else "tuple:" + name, ", ".join(describe(x, values) for x in r))
    if isinstance(r, list):
        return "[%s]" % ", ".join(describe(x, values) for x in r)
    if isinstance(r, float):
        return "float " + (canonical._number(r) if values else "?")
    if r is None or isinstance(r, (bool, int, str)):
        return repr(r)
    return "<%s>" % type(r).__name__


def outcome(thunk, unspecified):
    try:
        r = thunk()
    except Exception as e:  # the call's own error, its whole message on one line
        message = str(e)
        if message.startswith("Could not run '"):  # a missing kernel: its first sentence (the keys listed differ)
            message = message[:message.index(" backend.") + len(" backend.")]
        return "%s: %s" % (type(e).__name__, message.replace("\\", "\\\\").replace("\n", "\\n"))
    return describe(r, values=not unspecified)


def schemas(minaten):
    """(qualified name, overload, [Arg]) of every operator minaten registers."""
    return [(s.name, s.overload_name, parse_arguments(str(s))) for s in minaten._C._jit_get_all_schemas()]


def cases(T, schema_list):
    """(case id, thunk, unspecified) for module T (torch or minaten)."""
    for s in schema_list:
        qualified, overload, args = s
        ns, name = qualified.split("::")
        if ns != "aten":
            continue
        unspecified = any(w in name for w in UNSPECIFIED)
        label = "%s.%s" % (name, overload or "default")
        positional = [a for a in args if not a.kwarg_only and not a.has_default]
        required_kw = [a for a in args if a.kwarg_only and not a.has_default]

        def make(T=T, positional=positional, required_kw=required_kw, replace=None, drop_last=False,
                 extra_kw=False, extra_pos=False):
            def build():
                pos = [value_for(T, a, name) for a in positional]
                kw = {a.name: value_for(T, a, name) for a in required_kw}
                if replace is not None:
                    pos[replace] = "x"
                if drop_last and pos:
                    pos.pop()
                if extra_kw:
                    kw["foo"] = 1
                if extra_pos:
                    pos += [7] * 6
                return pos, kw
            return build

        variants = [("good", make())]
        for i in range(len(positional)):
            variants.append(("str%d" % i, make(replace=i)))
        if positional:
            variants.append(("missing", make(drop_last=True)))
        variants.append(("foo", make(extra_kw=True)))
        variants.append(("many", make(extra_pos=True)))
        for vname, build in variants:
            def ops_call(build=build):
                pos, kw = build()
                return getattr(getattr(T.ops.aten, name), overload or "default")(*pos, **kw)

            def packet_call(build=build):
                pos, kw = build()
                return getattr(T.ops.aten, name)(*pos, **kw)

            def function_call(build=build):
                pos, kw = build()
                return getattr(T, name)(*pos, **kw)

            def method_call(build=build):
                pos, kw = build()
                if not pos or not hasattr(pos[0], "dim"):
                    raise LookupError("no tensor to call a method on")
                return getattr(pos[0], name)(*pos[1:], **kw)

            yield "%s %s ops" % (label, vname), ops_call, unspecified
            if vname == "good":
                yield "%s %s packet" % (label, vname), packet_call, unspecified
            yield "%s %s function" % (label, vname), function_call, unspecified
            if args and args[0].name == "self":
                yield "%s %s method" % (label, vname), method_call, unspecified


def run(T, schema_list):
    """{case id: outcome line} under module T."""
    return {cid: outcome(thunk, unspecified) for cid, thunk, unspecified in cases(T, schema_list)}
