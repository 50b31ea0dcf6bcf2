"""The `minaten` gdb commands: the dispatcher's state, read from the process.

    (gdb) minaten dispatch aten::_reshape_alias    the computed dispatch table
    (gdb) minaten keys self [OP]                   key set, TLS sets, the key a call takes
    (gdb) minaten tensor self                      geometry, storage, values, quantizer, lazy node
    (gdb) minaten break aten::_reshape_alias CPU   a breakpoint on the kernel the table names
    (gdb) minaten step-kernel                      from a dispatcher frame into the kernel it calls
    (gdb) minaten trace on|off                     --trace=dispatch from here on

Everything is read from the inferior's own structures (OperatorEntry's
dispatchTable, tableSource and tableRegistration, the tensor's fields,
tls_local_dispatch_key_set); the only call into the program is
Dispatcher_findOp, to look an operator up by name.  The registry exists once
main has run at_register_all, so `break` and `trace` given before `run`
wait for it: they stop, silently, where Python starts once the operators are
registered (MinatenPython_initialize in tools/minaten/python_embed.c: the
`minaten` executable and the embedding API; THPDtype_init, the first type
csrc/Module.c's PyInit__C makes after registering them, in a plain python3),
do their work and continue.  Bad input is one line (gdb.GdbError), never a traceback.

PyTorch 1.13 counterparts: torch._C._dispatch_dump_table (dispatch),
torch._C._dispatch_keys and _dispatch_tls_local_include_set/exclude_set
(keys), torch._C._dispatch_find_schema_or_throw (the unknown-operator error).
"""
import re

import gdb

# ---- reading the inferior ------------------------------------------------

_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)?(\.[A-Za-z0-9_]+)?$")


def _has_process():
    inf = gdb.selected_inferior()
    return inf is not None and inf.pid != 0


def _require_process(what):
    if not _has_process():
        raise gdb.GdbError("minaten %s: the program is not running (`start` or `run` it first)" % what)


def _enum_name(value, prefix):
    name = str(value)
    return name[len(prefix):] if name.startswith(prefix) else name


def _runtime_keys():
    """[(value, name)] of the runtime dispatch keys, Undefined first."""
    keys = []
    try:
        key_type = gdb.lookup_type("DispatchKey")
    except gdb.error:
        raise gdb.GdbError("no minaten program loaded (gdb --args build/minaten ..., or a python3 "
                           "that has imported minaten)")
    for field in key_type.fields():
        if field.name == "DispatchKey_NumRuntimeKeys":
            break
        keys.append((field.enumval, field.name[len("DispatchKey_"):]))
    return keys


def _program_known():
    """Whether minaten's types are in the program yet: always for the minaten
    executable, only after `import minaten` for a python3."""
    try:
        gdb.lookup_type("DispatchKey")
        return True
    except gdb.error:
        return False


def _key_value(name):
    for value, key in _runtime_keys():
        if key == name and value != 0:
            return value
    names = ", ".join(k for v, k in _runtime_keys() if v != 0)
    raise gdb.GdbError("unknown dispatch key '%s' (runtime keys: %s)" % (name, names))


def _key_name(value):
    for v, name in _runtime_keys():
        if v == value:
            return name
    return str(value)


def _key_names(bits):
    return [name for v, name in _runtime_keys() if v != 0 and (bits >> v) & 1]


def _keyset_str(bits):
    return "DispatchKeySet(" + ", ".join(_key_names(bits)) + ")"


def _highest_key(bits):
    return bits.bit_length() - 1 if bits else 0


def _qualified(name):
    if not _NAME_RE.match(name):
        raise gdb.GdbError("'%s' is not an operator name (aten::NAME or aten::NAME.overload)" % name)
    return name if "::" in name else "aten::" + name


def find_op(name):
    """The OperatorEntry* of an operator name, or GdbError: the name as
    `minaten dispatch` resolves it (tools/minaten/main.c resolve_operator):
    `aten::` may be left out, and a name without an overload that is not a
    default overload names its only overload."""
    qualified = _qualified(name)
    if not _registry_ready():
        raise gdb.GdbError("the operators are not registered yet: the minaten executable's main, or "
                           "minaten._C's PyInit__C in a python3, registers them (`minaten break OP` waits for it)")
    op = gdb.parse_and_eval('Dispatcher_findOp("%s")' % qualified)
    if int(op) != 0:
        return op
    ns, base = qualified.split("::", 1)
    matches = []
    if "." not in base:
        ops = gdb.parse_and_eval("operators_in_order")
        for i in range(int(gdb.parse_and_eval("num_operators"))):
            o = ops[i]
            if int(o["schema_text"]) and o["schema"]["name"].string() == base \
                    and o["schema"]["ns"].string() == ns:
                matches.append(o)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise gdb.GdbError("no operator named %s" % qualified)
    raise gdb.GdbError("%s is ambiguous: it has %d overloads and no default one; name one of %s" % (
        qualified, len(matches), ", ".join(o["qualified_name"].string() for o in matches)))


def _c_string(ptr):
    return ptr.string() if int(ptr) else "?"


def table_lines(op):
    """The lines OperatorEntry_dumpComputedTable prints."""
    lines = []
    sources = {"DispatchTableSource_Kernel": "kernel",
               "DispatchTableSource_DefaultBackendKernel": "default backend kernel",
               "DispatchTableSource_MathKernel": "math kernel",
               "DispatchTableSource_BackendFallback": "backend fallback",
               "DispatchTableSource_AutogradKernel": "autograd kernel"}
    for value, name in _runtime_keys():
        reg = op["tableRegistration"][value]
        if int(reg) == 0:
            continue
        kernel = reg["kernel"]
        fallthrough = bool(kernel["fallthrough"])
        line = "%s: %sregistered at %s:%d [%s]" % (
            name, "fallthrough " if fallthrough else "", _c_string(reg["file"]), int(reg["line"]),
            sources.get(str(op["tableSource"][value]), "no kernel"))
        if not fallthrough:
            line += " " + _c_string(kernel["name"])
        lines.append(line)
    return lines


def _is_thpvariable(obj):
    """Whether the PyObject* obj is a tensor's Python object: its type is
    torch._C._TensorBase (THPVariableType) or a subclass (torch.Tensor)."""
    try:
        base = int(gdb.parse_and_eval("&THPVariableType"))
    except gdb.error:  # no minaten._C in the program
        return False
    tp = obj["ob_type"]
    for _ in range(64):
        if int(tp) == 0:
            return False
        if int(tp) == base:
            return True
        tp = tp["tp_base"]
    return False


def tensor_of(expr):
    """The Tensor* an expression names (a Tensor*, a Tensor, an IValue
    holding one, or a tensor's Python object: a THPVariable* or a PyObject*
    whose type is torch._C._TensorBase or a subclass, for its cdata)."""
    try:
        v = gdb.parse_and_eval(expr)
    except gdb.error as e:
        raise gdb.GdbError("%s: %s" % (expr, e))
    t = v.type.strip_typedefs()
    if t.code == gdb.TYPE_CODE_PTR and t.target().strip_typedefs().tag in ("_object", "THPVariable"):
        if int(v) == 0:
            raise gdb.GdbError("%s is a null %s" % (expr, v.type))
        if t.target().strip_typedefs().tag == "_object" and not _is_thpvariable(v):
            raise gdb.GdbError("%s is a Python object that is not a tensor (its type is %s)" % (
                expr, v["ob_type"]["tp_name"].string()))
        v = v.cast(gdb.lookup_type("THPVariable").pointer())["cdata"]
        if int(v) == 0:
            raise gdb.GdbError("%s is a tensor object without a tensor (cdata is NULL)" % expr)
        return v
    if t.code == gdb.TYPE_CODE_PTR and t.target().strip_typedefs().tag == "Tensor":
        if int(v) == 0:
            raise gdb.GdbError("%s is a null Tensor*" % expr)
        return v.cast(gdb.lookup_type("Tensor").pointer())
    if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "Tensor":
        return v.address
    if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "IValue":
        if str(v["tag"]) != "IValueTag_Tensor":
            raise gdb.GdbError("%s is an IValue holding %s, not a tensor" % (expr, _enum_name(v["tag"], "IValueTag_")))
        return v["u"]["tensor"]
    raise gdb.GdbError("%s is not a tensor (its type is %s)" % (expr, v.type))


class _Command(gdb.Command):
    """A minaten command: `run` does the work; a gdb error reading the
    program (a wild pointer, a variable of another frame) becomes one line."""

    def invoke(self, arg, from_tty):
        try:
            self.run(arg)
        except gdb.GdbError:
            raise
        except gdb.error as e:
            raise gdb.GdbError("%s: %s" % (self._command, e))


# ---- minaten (the prefix) --------------------------------------------------

class MinatenPrefix(gdb.Command):
    """minaten's gdb commands: dispatch, keys, tensor, break, step-kernel, trace, fold.

Type `help minaten SUBCOMMAND` for one of them; docs/debugging.md shows them at work."""

    def __init__(self):
        super().__init__("minaten", gdb.COMMAND_USER, gdb.COMPLETE_COMMAND, True)


# ---- minaten dispatch OP --------------------------------------------------

class DispatchCommand(_Command):
    """minaten dispatch OP: OP's computed dispatch table, as `minaten dispatch OP` prints it.

OP is a qualified name with its overload (aten::add.Tensor; `aten::` may be left out)."""

    def __init__(self):
        super().__init__("minaten dispatch", gdb.COMMAND_USER)
        self._command = "minaten dispatch"

    def run(self, arg):
        argv = gdb.string_to_argv(arg)
        if len(argv) != 1:
            raise gdb.GdbError("usage: minaten dispatch OP")
        _require_process("dispatch")
        op = find_op(argv[0])
        gdb.write("===== %s\n" % op["qualified_name"].string())
        for line in table_lines(op):
            gdb.write(line + "\n")


# ---- minaten keys EXPR [OP] -----------------------------------------------

class KeysCommand(_Command):
    """minaten keys EXPR [OP]: the key set of tensor EXPR and the key a call would dispatch to.

Shows the tensor's keys, the thread-local included and excluded sets, and
(tensor | included) - excluded with its highest key.  With OP (or, without
it, in a frame that has an `op`: a dispatcher frame or an entry point), the
set is also masked by OP's non-fallthrough keys, as
Dispatcher_computeDispatchKeySet does, and the kernel OP's table holds for
the key is named."""

    def __init__(self):
        super().__init__("minaten keys", gdb.COMMAND_USER, gdb.COMPLETE_EXPRESSION)
        self._command = "minaten keys"

    def run(self, arg):
        argv = gdb.string_to_argv(arg)
        if len(argv) not in (1, 2):
            raise gdb.GdbError("usage: minaten keys EXPR [OP]")
        _require_process("keys")
        t = tensor_of(argv[0])
        tls = gdb.parse_and_eval("tls_local_dispatch_key_set")
        bits = int(t["key_set"]["repr"])
        included = int(tls["included"]["repr"])
        excluded = int(tls["excluded"]["repr"])
        ks = (bits | included) & ~excluded
        gdb.write("tensor:    %s\n" % _keyset_str(bits))
        gdb.write("included:  %s\n" % _keyset_str(included))
        gdb.write("excluded:  %s\n" % _keyset_str(excluded))
        gdb.write("dispatch:  %s -> %s\n" % (_keyset_str(ks), _key_name(_highest_key(ks))))
        op = find_op(argv[1]) if len(argv) == 2 else _frame_op(gdb.selected_frame())
        if op is None:
            gdb.write("(an operator masks out its fallthrough keys first: minaten keys EXPR OP)\n")
        else:
            masked = ks & int(op["nonFallthroughKeys"]["repr"])
            key = _highest_key(masked)
            gdb.write("%s: %s -> %s" % (op["qualified_name"].string(), _keyset_str(masked), _key_name(key)))
            reg = op["tableRegistration"][key]
            kernel = op["dispatchTable"][key]
            if int(reg) == 0 or key == 0:
                gdb.write(" (no kernel)\n")
            else:
                gdb.write(" [%s]\n" % _c_string(kernel["name"]))


# ---- minaten tensor EXPR --------------------------------------------------

_CTYPES = {"Byte": "uint8_t", "Char": "int8_t", "Short": "int16_t", "Int": "int32_t",
           "Long": "int64_t", "Float": "float", "Double": "double", "Bool": "bool",
           "QInt8": "int8_t", "QUInt8": "uint8_t", "QInt32": "int32_t"}
_MAX_VALUES = 1000


def _format_value(x, dtype):
    if dtype in ("Float", "Double"):
        return repr(float(x))
    if dtype == "Bool":
        return "True" if int(x) else "False"
    return str(int(x))


def _nested(values, sizes):
    if not sizes:
        return values[0]
    if len(sizes) == 1:
        return "[" + ", ".join(values) + "]"
    step = len(values) // sizes[0] if sizes[0] else 0
    return "[" + ", ".join(_nested(values[i * step:(i + 1) * step], sizes[1:]) for i in range(sizes[0])) + "]"


def _elements(t, sizes, strides, offset, dtype):
    """The tensor's elements in logical order, read through its strides."""
    base = t["storage"]["data"].cast(gdb.lookup_type(_CTYPES[dtype]).pointer())
    out = []
    index = [0] * len(sizes)
    n = 1
    for s in sizes:
        n *= s
    for _ in range(n):
        out.append(base[offset + sum(i * st for i, st in zip(index, strides))])
        for d in reversed(range(len(sizes))):
            index[d] += 1
            if index[d] < sizes[d]:
                break
            index[d] = 0
    return out


def _lazy_node_str(node):
    kind = _enum_name(node["kind"], "LazyNodeKind_")
    text = "node %d (%s" % (int(node["id"]), kind)
    if int(node["op"]):
        text += " %s" % node["op"]["qualified_name"].string()
    text += ")"
    shapes = node["shapes"]
    if int(shapes) and int(node["num_outputs"]):
        shape = shapes[0]
        dim = int(shape["dim"])
        text += ", shape %s %s" % (_enum_name(shape["dtype"], "ScalarType_"),
                                   [int(shape["sizes"][i]) for i in range(dim)])
    operands = [int(node["operands"][i]["node"]["id"]) for i in range(int(node["num_operands"]))]
    if operands:
        text += ", operands: " + ", ".join("node %d" % i for i in operands)
    return text


class TensorCommand(_Command):
    """minaten tensor EXPR: a tensor's geometry, storage, values, quantizer and lazy node.

EXPR is a Tensor*, a Tensor or an IValue holding a tensor.  Values are read
through the strides from the storage (at most 1000); a quantized tensor shows
its integer values and their dequantized values; a lazy tensor has no storage
and shows the IR node of its value (lazy_ir() prints the whole graph)."""

    def __init__(self):
        super().__init__("minaten tensor", gdb.COMMAND_USER, gdb.COMPLETE_EXPRESSION)
        self._command = "minaten tensor"

    def run(self, arg):
        if not arg.strip():
            raise gdb.GdbError("usage: minaten tensor EXPR")
        t = tensor_of(arg.strip())
        dim = int(t["dim"])
        if not 0 <= dim <= 64:
            raise gdb.GdbError("%s does not look like a live tensor (dim %d)" % (arg.strip(), dim))
        sizes = [int(t["sizes"][i]) for i in range(dim)]
        strides = [int(t["strides"][i]) for i in range(dim)]
        offset = int(t["storage_offset"])
        dtype = _enum_name(t["dtype"], "ScalarType_")
        device = _enum_name(t["device"]["type"], "DeviceType_").lower()
        gdb.write("Tensor %s: sizes %s, strides %s, storage offset %d, %s, %s, %scontiguous, refcount %d\n" % (
            t.format_string(raw=True), sizes, strides, offset, dtype, device,
            "" if bool(t["is_contiguous"]) else "not ", int(t["refcount"])))
        gdb.write("keys: %s\n" % _keyset_str(int(t["key_set"]["repr"])))
        storage = t["storage"]
        if int(storage):
            itemsize = gdb.lookup_type(_CTYPES[dtype]).sizeof
            gdb.write("storage: %s, %d bytes (%d elements of %s), refcount %d, data %s\n" % (
                storage.format_string(raw=True), int(storage["nbytes"]), int(storage["nbytes"]) // itemsize,
                dtype, int(storage["refcount"]), storage["data"].format_string(raw=True)))
        else:
            gdb.write("storage: none\n")
        q = t["quantizer"]
        if int(q):
            scheme = _enum_name(q["qscheme"], "QScheme_")
            if scheme == "PerTensorAffine":
                gdb.write("quantizer: per_tensor_affine, scale %r, zero_point %d\n" % (
                    float(q["scale"]), int(q["zero_point"])))
            elif scheme == "PerChannelAffine":
                n = int(q["num_channels"])
                gdb.write("quantizer: per_channel_affine, axis %d, scales %s, zero_points %s\n" % (
                    int(q["axis"]), [float(q["scales"][i]) for i in range(n)],
                    [int(q["zero_points"][i]) for i in range(n)]))
            else:
                gdb.write("quantizer: unknown\n")
        lazy = t["lazy"]
        if int(lazy):
            node = lazy["value"]["node"]
            gdb.write("lazy: %s\n" % (_lazy_node_str(node) if int(node) else "no value"))
        numel = int(t["numel"])
        if int(storage) and int(storage["data"]) and dtype in _CTYPES:
            if numel > _MAX_VALUES:
                gdb.write("values: %d elements, not shown\n" % numel)
                return
            raw = _elements(t, sizes, strides, offset, dtype)
            gdb.write("values: %s\n" % _nested([_format_value(x, dtype) for x in raw], sizes))
            if int(q) and _enum_name(q["qscheme"], "QScheme_") == "PerTensorAffine":
                scale, zp = float(q["scale"]), int(q["zero_point"])
                deq = [repr((int(x) - zp) * scale) for x in raw]
                gdb.write("dequantized: %s\n" % _nested(deq, sizes))


# ---- waiting for the registry ----------------------------------------------

_pending = []  # callables to run once the registry exists
_start_breakpoints = []


class _PendingRun(gdb.Command):
    """Internal: runs the minaten commands that waited for the program to start."""

    def __init__(self):
        super().__init__("minaten run-pending", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        for bp in _start_breakpoints:
            if bp.is_valid():
                bp.delete()
        del _start_breakpoints[:]
        work = list(_pending)
        del _pending[:]
        for fn in work:
            try:
                fn()
            except (gdb.GdbError, gdb.error) as e:
                gdb.write("minaten: %s\n" % e)


def _registry_ready():
    """True once the program runs and main has registered the operators
    (not yet after `start`, which stops at main's first line)."""
    if not _has_process():
        return False
    try:
        return int(gdb.parse_and_eval("num_operators")) > 0
    except gdb.error:
        return False


def _function_defined(name):
    """Whether a function of that name is in the program's symbols so far."""
    try:
        return gdb.lookup_global_symbol(name) is not None
    except gdb.error:
        return False


def _set_start_breakpoint():
    """An internal breakpoint where the operators have just been registered:
    MinatenPython_initialize in the minaten executable (main registers them,
    then starts Python), THPDtype_init in a python3 (PyInit__C registers
    them, then makes its first type).  False when neither is in the program
    yet (a python3 before `import minaten` loaded minaten._C's library)."""
    for where in ("MinatenPython_initialize", "THPDtype_init"):
        if not _function_defined(where):
            continue
        bp = gdb.Breakpoint(where, internal=True)
        bp.silent = True
        bp.commands = "minaten run-pending\ncontinue"
        _start_breakpoints.append(bp)
        return True
    return False


def _on_new_objfile(event):
    """A library was loaded: minaten._C's, perhaps (python3's `import minaten`)."""
    if _pending and not _start_breakpoints and _set_start_breakpoint():
        gdb.events.new_objfile.disconnect(_on_new_objfile)
        _watching[:] = []


_watching = []


def when_started(fn, what):
    """Runs fn now if the operators are registered, else once they are (a
    silent breakpoint set by _set_start_breakpoint, or, in a python3, set as
    soon as minaten._C's library is loaded: no pending breakpoint, no
    message from gdb)."""
    if _registry_ready():
        fn()
        return
    _pending.append(fn)
    if not _start_breakpoints and not _set_start_breakpoint() and not _watching:
        gdb.events.new_objfile.connect(_on_new_objfile)
        _watching.append(True)
    gdb.write("%s: the %s; done when minaten._C starts "
              "(after the operators are registered)\n"
              % (what, "operators are not registered yet" if _has_process() else "program has not started"))


# ---- minaten break OP [KEY] --------------------------------------------------

def kernel_location(op, key):
    """(breakpoint spec, condition or None, description) for OP's table entry at KEY."""
    name = op["qualified_name"].string()
    reg = op["tableRegistration"][key]
    if int(reg) == 0:
        raise gdb.GdbError("%s has no kernel for %s (see `minaten dispatch %s`)" % (name, _key_name(key), name))
    k = op["dispatchTable"][key]
    if bool(k["fallthrough"]):
        raise gdb.GdbError("%s falls through at %s: the call goes on to the next key" % (name, _key_name(key)))
    if int(k["unboxed"]):
        block = gdb.block_for_pc(int(k["unboxed"]))
        fn = block.function if block is not None else None
        if fn is None:
            return "*0x%x" % int(k["unboxed"]), None, _c_string(k["name"])
        return fn.name, None, fn.name
    boxed = int(k["boxed"])
    block = gdb.block_for_pc(boxed)
    fn = block.function.name if block is not None and block.function is not None else "*0x%x" % boxed
    # A boxed kernel serves many operators: stop only for this one.
    return fn, "op == (const OperatorEntry*)0x%x" % int(op), "%s if op is %s" % (fn, name)


def break_on_kernel(opname, keyname, temporary=False):
    op = find_op(opname)
    spec, cond, desc = kernel_location(op, _key_value(keyname))
    bp = gdb.Breakpoint(spec, temporary=temporary)
    if cond:
        bp.condition = cond
    gdb.write("%s at %s: %s\n" % (op["qualified_name"].string(), keyname, desc))
    return bp


class BreakCommand(_Command):
    """minaten break OP [KEY]: a breakpoint on the kernel OP's dispatch table holds for KEY.

KEY is a runtime dispatch key (CPU, Lazy, QuantizedCPU, AutogradCPU, ...) and
defaults to CPU.  An unboxed kernel gets a breakpoint on its function
(at_native__reshape_alias); a boxed kernel, which serves many operators
(LazyNativeFunctions_boxed), one with the condition `op == <OP's entry>`.
Before `run` (or, in a python3, before `import minaten`), the breakpoint is
set once the operators are registered, when minaten._C starts."""

    def __init__(self):
        super().__init__("minaten break", gdb.COMMAND_BREAKPOINTS)
        self._command = "minaten break"

    def run(self, arg):
        argv = gdb.string_to_argv(arg)
        if len(argv) not in (1, 2):
            raise gdb.GdbError("usage: minaten break OP [KEY]")
        opname = argv[0]
        keyname = argv[1] if len(argv) == 2 else "CPU"
        _qualified(opname)
        if _program_known():
            _key_value(keyname)  # checked now; in a python3 before `import minaten`, when it is loaded
        when_started(lambda: break_on_kernel(opname, keyname), "minaten break %s %s" % (opname, keyname))


# ---- minaten step-kernel ----------------------------------------------------

def _frame_var(frame, name):
    try:
        return frame.read_var(name)
    except (ValueError, gdb.error):
        return None


def _assigned(frame, name):
    """False for a local whose initialising line has not run yet (an entry
    point's `kernel` before its lookup: the stack slot may hold the previous
    call's value, which would look right)."""
    try:
        block = frame.block()
    except RuntimeError:
        return False
    while block is not None:
        for sym in block:
            if sym.name == name:
                return sym.is_argument or frame.find_sal().line > sym.line
        if block.function is not None:
            break
        block = block.superblock
    return False


def _frame_op(frame):
    """The frame's `op`, if it is a non-null OperatorEntry*."""
    op = _frame_var(frame, "op")
    if op is None or op.type.strip_typedefs().code != gdb.TYPE_CODE_PTR \
            or op.type.strip_typedefs().target().strip_typedefs().tag != "OperatorEntry" or int(op) == 0:
        return None
    return op


def _pending_call(frame):
    """(op, KernelFunction*) the dispatcher frame is about to call, or None."""
    op = _frame_op(frame)
    if op is None:
        return None
    for name in ("k", "kernel"):
        if not _assigned(frame, name):
            continue
        k = _frame_var(frame, name)
        if k is not None and k.type.strip_typedefs().code == gdb.TYPE_CODE_PTR \
                and k.type.strip_typedefs().target().strip_typedefs().tag == "KernelFunction":
            table = int(op["dispatchTable"].address)
            size = op["dispatchTable"].type.sizeof
            if table <= int(k) < table + size:
                return op, k
    args = _frame_var(frame, "args")
    if args is not None and args.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
        frame.select()
        tensor_keys = int(gdb.parse_and_eval("Dispatcher_tensorKeys(op, args)")["repr"])
        tls = gdb.parse_and_eval("tls_local_dispatch_key_set")
        ks = (tensor_keys | int(tls["included"]["repr"])) & ~int(tls["excluded"]["repr"])
        ks &= int(op["nonFallthroughKeys"]["repr"])
        return op, op["dispatchTable"][_highest_key(ks)].address
    return None


class StepKernelCommand(_Command):
    """minaten step-kernel: continue into the kernel the dispatcher is about to call.

In the selected frame, one of the call path's (call_unboxed_from_boxed,
KernelFunction_callBoxed, Dispatcher_callKernelBoxed, a generated entry point
such as at_rsqrt once its `kernel` is looked up, or Dispatcher_callBoxed):
reads the KernelFunction the call will run, sets a temporary breakpoint on
its function (for a boxed kernel, with the condition op == OP) and continues.
`step` gets there in several steps at best, and not at all through libffi
(boxed calls of an operator defined at run time), which has no line
information: `step` steps over the kernel."""

    def __init__(self):
        super().__init__("minaten step-kernel", gdb.COMMAND_RUNNING)
        self._command = "minaten step-kernel"

    def run(self, arg):
        if arg.strip():
            raise gdb.GdbError("usage: minaten step-kernel")
        _require_process("step-kernel")
        selected = gdb.selected_frame()
        found = _pending_call(selected)
        selected.select()
        if found is None:
            raise gdb.GdbError("minaten step-kernel: %s is not a dispatcher frame about to call a kernel "
                               "(call_unboxed_from_boxed, Dispatcher_callBoxed, an entry point "
                               "once its `kernel` is looked up)" % (selected.name() or "this frame"))
        op, k = found
        if bool(k["fallthrough"]):
            raise gdb.GdbError("the kernel is a fallthrough: nothing to step into")
        table = int(op["dispatchTable"].address)
        key = (int(k) - table) // k.dereference().type.sizeof
        spec, cond, desc = kernel_location(op, key)
        bp = gdb.Breakpoint(spec, temporary=True)
        if cond:
            bp.condition = cond
        gdb.write("%s at %s: %s\n" % (op["qualified_name"].string(), _key_name(key), desc))
        gdb.execute("continue")


# ---- minaten trace on|off ---------------------------------------------------

class TraceCommand(_Command):
    """minaten trace on|off: print every dispatcher hop from here on (--trace=dispatch).

Sets Dispatcher_verbose in the program; the trace goes to the program's
standard output, as with --trace=dispatch.  Before `run`, it is set when the
minaten._C starts (after the operators are registered)."""

    def __init__(self):
        super().__init__("minaten trace", gdb.COMMAND_USER)
        self._command = "minaten trace"

    def run(self, arg):
        argv = gdb.string_to_argv(arg)
        if len(argv) != 1 or argv[0] not in ("on", "off"):
            raise gdb.GdbError("usage: minaten trace on|off")
        value = 1 if argv[0] == "on" else 0

        def apply():
            gdb.execute("set var Dispatcher_verbose = %d" % value)
            gdb.write("Dispatcher_verbose = %s\n" % ("true" if value else "false"))

        when_started(apply, "minaten trace %s" % argv[0])


def register():
    MinatenPrefix()
    DispatchCommand()
    KeysCommand()
    TensorCommand()
    BreakCommand()
    StepKernelCommand()
    TraceCommand()
    _PendingRun()
