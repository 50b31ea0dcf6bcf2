#!/usr/bin/env python3
"""Writes a script that calls every operator schema with generated arguments.

    tests/probe/probe_schemas.py SCHEMAS OUT.py [--random N] [--shard K/N]

SCHEMAS is what `minaten ops` prints (one schema a line).  OUT.py starts
with tests/probe/prelude.py (a fresh tensor of each kind: CPU float, double,
int and bool, a strided view, 0-dim, empty, lazy, quantized per tensor and
per channel, meta, functional, a requires-grad leaf and non-leaf), then calls
`torch.ops.NS.NAME.OVERLOAD(...)` for each schema:

  - once for each tensor kind, every tensor argument of that kind;
  - once for each odd value of each other argument (ints at the edges,
    negative sizes, NaN, every dtype, the lazy device, ...), the rest plain;
  - N times with every argument drawn at random (a fixed seed per schema),
    kinds mixed (16 unless --random says).

--shard K/N keeps the schemas whose position in SCHEMAS is K modulo N, so
that N tests share the work.

Each call is one line of the script, followed on the same line by the
printing of its result and, when it requires grad, a backward through it,
so that what the call made is used.  A line fails with a Python or PyTorch
error and the script goes on (minaten run's rule).  The test
(tests/probe/run_probe.py) passes when the run reaches the end with no
crash, no sanitizer report and no INTERNAL ASSERT FAILED: a clean error is
as good as a result here.  What the results are is for the conformance
corpus to say, against PyTorch 1.13.
"""
import os
import random
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

TENSORS = ["F()", "D()", "I()", "B()", "V()", "Z()", "E()", "L()", "Q()", "QC()", "M()", "FN()", "X()", "Y()", "H()", "BF()"]
# The prelude's complex tensors (C(), CJ()), with the Scalars 1j and the
# dtypes torch.complex64/128, make the four shards run far longer than CI
# allows: add them to these lists for a run by hand.
INTS = ["0", "1", "-1", "2", "-3", "7", "2**31", "-2**62 * 2", "2**62"]
SIZES = ["[2, 3]", "[6]", "[]", "[-1]", "[3, -1]", "[0]", "[-2]", "[2, 2**62]", "[1, 2, 3, 1]"]
DIMS = ["[0]", "[-1]", "[]", "[0, 1]", "[5]", "[1, 1]"]
FLOATS = ["0.5", "-1.0", "0.0", "float('nan')", "float('inf')", "1e308"]
SCALARS = ["1", "2.5", "True", "-1", "0", "2**63 - 1", "float('nan')"]
DTYPES = ["torch.float32", "torch.float64", "torch.int64", "torch.int32", "torch.int8", "torch.uint8",
          "torch.bool", "torch.quint8", "torch.qint8", "torch.qint32", "torch.float16", "torch.bfloat16"]
VALUES = {
    "Tensor": TENSORS,
    "int": INTS,
    "SymInt": INTS,
    "float": FLOATS,
    "bool": ["False", "True"],
    "Scalar": SCALARS,
    "ScalarType": DTYPES,
    "Layout": ["torch.strided"],
    "Device": ["'cpu'", "'lazy'", "torch.device('lazy')", "'meta'"],
    "MemoryFormat": ["torch.contiguous_format", "torch.preserve_format", "torch.channels_last"],
    "str": ["'sum'", "'floor'", "'trunc'", "'mean'", "''", "'x'"],
    "int[]": SIZES,
    "SymInt[]": SIZES,
    "int[1]": DIMS,
    "float[]": ["[1.0]", "[]", "[0.5, 2.0]"],
    "bool[]": ["[True]", "[]"],
    "Tensor[]": ["[F(), F()]", "[]", "[F()]", "[L(), F()]", "[Q(), Q()]", "[X(), I()]", "[V(), E()]", "[M(), M()]", "[FN(), F()]"],
    "Tensor?[]": ["[I()]", "[None, I()]", "[B()]", "[]", "[L()]", "[F()]"],
    "Scalar[]": ["[1, 2]", "[]"],
    "Generator": ["None", "torch.Generator().manual_seed(1)"],
    "Storage": ["F()._storage()", "F().storage()", "I().storage()", "E()._storage()", "Q()._storage()",
                "V().storage()"],
}
# Arguments that count the elements a kernel writes: randperm(2**31) is a
# real 16 GiB tensor (1.13 makes it too, and fills it), which the probe's
# machines cannot hold; these take the other ints.
COUNTS = {("randperm", "n")}
SCHEMA = re.compile(r"^(\w+)::(\w+)(?:\.(\w+))?\((.*)\) -> (.*)$")


def split_top(text):
    """Splits at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse_args(text):
    """(base type, optional, kwarg_only, has_default, name) per argument."""
    args, kwarg_only = [], False
    for part in split_top(text):
        if part == "*":
            kwarg_only = True
            continue
        decl = part.split("=", 1)
        words = decl[0].split()
        type_, name = words[0], words[-1]
        type_ = re.sub(r"\([^)]*\)", "", type_)  # alias annotations
        optional = type_.endswith("?") and not type_.endswith("[]?")
        if type_.endswith("?"):
            type_ = type_[:-1]
        if type_ not in VALUES and type_.endswith("?[]"):
            type_ = "Tensor?[]"
        args.append((type_, optional or type_.endswith("?"), kwarg_only, len(decl) == 2, name))
    return args


def pool(type_, optional, op=None, name=None):
    values = VALUES.get(type_, ["None"])
    if (op, name) in COUNTS:
        values = [v for v in values if v != "2**31"]
    return values + ["None"] if optional else values


def call_text(target, args, values):
    positional, keywords = [], []
    for (_, _, kwarg_only, _, name), value in zip(args, values):
        if kwarg_only:
            keywords.append("%s=%s" % (name, value))
        else:
            positional.append(value)
    return "%s(%s)" % (target, ", ".join(positional + keywords))


def calls_for(line, extra):
    m = SCHEMA.match(line)
    if not m:
        return []
    ns, name, overload, argtext, _ = m.groups()
    target = "torch.ops.%s.%s.%s" % (ns, name, overload or "default")
    args = parse_args(argtext)
    plain = ["None" if o else pool(t, o, name, n)[0] for t, o, _, _, n in args]
    out = []
    for kind in TENSORS:  # every tensor argument of one kind
        values = [kind if t == "Tensor" else p for (t, _, _, _, _), p in zip(args, plain)]
        out.append(call_text(target, args, values))
    for k, (t, o, _, _, n) in enumerate(args):  # each odd value of one argument
        if t == "Tensor":
            continue
        for value in [p for p in pool(t, o, name, n) if p != plain[k]]:
            values = list(plain)
            values[k] = value
            out.append(call_text(target, args, values))
    rng = random.Random(zlib.crc32(line.encode()))
    for _ in range(extra):  # everything at random
        values = [rng.choice(pool(t, o, name, n)) for t, o, _, _, n in args]
        out.append(call_text(target, args, values))
    return out


def main(argv):
    options = dict(zip(argv[3::2], argv[4::2]))
    if len(argv) < 3 or len(argv) % 2 == 0 or set(options) - {"--random", "--shard"}:
        sys.stderr.write(__doc__)
        return 2
    extra = int(options.get("--random", 16))
    shard, nshards = (int(n) for n in options.get("--shard", "0/1").split("/"))
    with open(argv[1]) as f:
        schemas = [s.strip() for s in f if s.strip()]
    schemas = schemas[shard::nshards]
    with open(os.path.join(HERE, "prelude.py")) as f:
        prelude = f.read()
    seen = set()
    with open(argv[2], "w") as out:
        out.write(prelude)
        for line in schemas:
            for call in calls_for(line, extra):
                if call in seen:
                    continue
                seen.add(call)
                out.write("r = %s; print(r); r.requires_grad and r.sum().backward()\n" % call)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
