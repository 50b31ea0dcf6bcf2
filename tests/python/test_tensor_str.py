"""repr(tensor), str(tensor) and format(tensor) (csrc/utils/tensor_str.c,
Tensor.__repr__ and __format__ in python/minaten/_tensor.py) under minaten
and PyTorch 1.13: every layout rule of torch/_tensor_str.py on generated
tensors (dtypes, nan/inf/-0.0, magnitudes that pick scientific notation,
precision, line wrapping, summarization thresholds, 0-dim, empty, views,
quantized per tensor and per channel, lazy, requires_grad and grad_fn,
suffixes that wrap), and that printing never shows in the dispatch trace.

Each case is Python source run in a fresh namespace holding `torch` (the
module under test) and T(data, dtype=None), which makes a tensor from
nested lists (torch.tensor, or under a minaten without it yet, torch.full
and torch.cat: the same float32 rounding).  The case prints its value:
repr() of a tensor, str() of anything else, or `Type: message` for what it
raised.  A case starting with `NEEDS(EXPR) ` is skipped under minaten while
EXPR (with `torch` the minaten module) is false: it uses what another part
of minaten has yet to provide.

    python3 test_tensor_str.py           compare minaten with PyTorch run in this
                                         process when it imports (and check that
                                         the recording is what PyTorch prints), else
                                         with test_tensor_str.expected.
                                         MINATEN_TEST_RECORDED=1: the recording even
                                         where PyTorch imports (recorded.py).
    python3 test_tensor_str.py --record  (Debian's /usr/bin/python3, python3-torch)
                                         write test_tensor_str.expected from 1.13;
                                         never edit it by hand
    python3 test_tensor_str.py --show    print minaten's lines
"""
import contextlib
import difflib
import io
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "test_tensor_str.expected")
sys.path.insert(0, HERE)

import recorded  # noqa: E402

CASES = [
    # floating: 4 decimals, integral values with a dot, nan/inf/-0.0 never pick the mode
    "T([1.5, -2.25, 0.1])",
    "T([0., -0., 3.])",
    "T([-0., 1.])",
    "T([-0.])",
    "T([0., 0.])",
    "T([float('nan')])",
    "T([float('nan'), 1.])",
    "T([float('nan'), 1.5])",
    "T([float('inf'), -float('inf'), float('nan'), 1.5])",
    "T([float('inf'), -float('inf')])",
    "T([float('inf'), 2.])",
    "T([[1.123456, 22.5], [-333.25, 0.5]])",
    "T([0.03125, 0.5])",
    "T([0.015625, 0.5])",
    "T([1.0, 1.0001])",
    "T([0.001, 0.01])",
    "T([1e-3, 1.])",
    "T([0.1, 0.25, 100.5])",
    # scientific notation: a ratio above 1000, a value above 1e8, one below 1e-4
    "T([1.5, 2.25e-5, 1e8])",
    "T([1e-5, 2e-5])",
    "T([1., 1000.])",
    "T([1., 1001.])",
    "T([1., 999.])",
    "T([1e8, 1.])",
    "T([1e8])",
    "T([100000001.], dtype=torch.float64)",
    "T([123456789.])",
    "T([0.5, 1500.])",
    "T([1e10, -1e-10])",
    "T([1e-4, 1.])",
    "T([1e-4, 1.], dtype=torch.float64)",
    "T([0.001, 1.])",
    "T([-0., 1e-5])",
    "T([float('nan'), 1e-5, -1e9])",
    "T([1e100, 1e-100], dtype=torch.float64)",
    "T([3.4e38, -3.4e38])",
    "T([1.5e-45, 1.])",
    "T([-1e20, 1.])",
    "T([2.5e15, 1.])",
    "T([1e22])",
    # other dtypes: right-aligned to the widest, dtype= unless float32/int64/bool
    "T([1, -20, 300])",
    "T([[5, 10], [-100, 7]])",
    "T([2**40, -2**40])",
    "T([-2**63, 2**63 - 1])",
    "T([-128, 127], dtype=torch.int8)",
    "T([0, 255], dtype=torch.uint8)",
    "T([1, -2], dtype=torch.int16)",
    "T([7, 70000], dtype=torch.int32)",
    "T([1., 2.], dtype=torch.float64)",
    "T([1.5], dtype=torch.float64)",
    "T([True, False])",
    "T([[True], [False]])",
    "torch.ones(2, 2, dtype=torch.bool)",
    # 0-dim
    "T(2.)",
    "T(-0.125)",
    "T(-0.)",
    "T(float('nan'))",
    "T(1e-7)",
    "T(123456789.)",
    "T(7)",
    "T(-7, dtype=torch.int8)",
    "T(True)",
    "T(2.5, dtype=torch.float64)",
    # empty: size= unless (0,), dtype= unless float32
    "torch.zeros(0)",
    "torch.zeros(0, 3)",
    "torch.zeros(2, 0, dtype=torch.int64)",
    "torch.zeros(0, dtype=torch.int32)",
    "torch.zeros(0, 1, 2, dtype=torch.bool)",
    "torch.zeros(0, dtype=torch.float64)",
    "torch.zeros(0, 5, 7, 9, 11, dtype=torch.int16)",
    # more dimensions: blank lines between blocks
    "torch.arange(24).reshape(2, 3, 4)",
    "torch.arange(16.).reshape(2, 2, 2, 2)",
    "torch.zeros(1, 1, 1)",
    "torch.ones(2, 1, 2)",
    "torch.arange(6.).reshape(1, 2, 3) / 7",
    # long rows wrap at 80 columns; suffixes move to a new line past it
    "torch.arange(30)",
    "torch.arange(40.)",
    "torch.arange(100).reshape(4, 25)",
    "torch.arange(25.) * 1e-5",
    "torch.arange(30.) / 3",
    "torch.arange(15, dtype=torch.int32)",
    "torch.full((12,), 123456, dtype=torch.int32)",
    "torch.full((3, 12), 1.5, dtype=torch.float64)",
    "torch.full((2, 2, 20), -1.25, dtype=torch.float64)",
    "torch.arange(20, dtype=torch.int16).reshape(1, 1, 20) * 1000",
    "torch.full((17,), 12345678, dtype=torch.int32)",
    # summarization: more than 1000 elements, 3 items at each end of each dimension
    "torch.arange(1000)",
    "torch.arange(1001)",
    "torch.arange(1001.)",
    "torch.arange(2000)",
    "torch.arange(1000.).reshape(10, 100)",
    "torch.arange(1001).reshape(1001, 1)",
    "torch.arange(1001).reshape(1, 1001)",
    "torch.arange(1001).reshape(7, 143)",
    "torch.arange(1002).reshape(6, 167)",
    "torch.arange(1008.).reshape(2, 2, 2, 126)",
    "torch.arange(2000.).reshape(40, 50)",
    "torch.arange(2000.).reshape(40, 50).t()",
    "torch.arange(1100).reshape(2, 550)",
    "torch.arange(3000.).reshape(10, 10, 30) / 3",
    "torch.arange(3000).reshape(10, 10, 30)",
    "torch.ones(1001, dtype=torch.bool)",
    "torch.arange(2000.) * 1e-6",
    "(torch.arange(2000.) - 1000) * 1e5",
    "torch.arange(1200, dtype=torch.int8)",
    "torch.cat([torch.full((500,), 1e-6), torch.full((1,), 5.), torch.full((500,), 1e-6)])",
    # views print their logical contents
    "torch.arange(12.).reshape(3, 4).t()",
    "torch.arange(12.).reshape(3, 4).narrow(1, 1, 2)",
    "torch.arange(12.).reshape(3, 4).select(0, 1)",
    "torch.arange(12.).reshape(3, 4).expand(2, 3, 4)",
    "torch.arange(3.).reshape(3, 1).expand(3, 2)",
    "torch.arange(12.).reshape(3, 4).as_strided((2, 2), (1, 4), 1)",
    "torch.arange(24).reshape(2, 3, 4).permute(2, 0, 1)",
    "torch.arange(9.).reshape(3, 3).diagonal()",
    "torch.arange(6).reshape(2, 3).flip(1)",
    "torch.arange(10.).select(0, 3)",
    # quantized: size, dtype, scheme and parameters, then the dequantized values
    "torch.quantize_per_tensor(T([-1., 0., 0.5, 1.]), 0.1, 2, torch.quint8)",
    "torch.quantize_per_tensor(T([[-1., 0.], [0.5, 1.]]), 1 / 3, -3, torch.qint8)",
    "torch.quantize_per_tensor(T([100., -7.]), 0.5, 0, torch.qint32)",
    "torch.quantize_per_tensor(T(2.), 0.25, 4, torch.quint8)",
    "torch.quantize_per_tensor(torch.zeros(0), 0.5, 0, torch.quint8)",
    "torch.quantize_per_tensor(torch.zeros(0, 2), 0.5, 0, torch.qint8)",
    "torch.quantize_per_tensor(torch.arange(2000.), 1.0, 0, torch.qint32)",
    "torch.quantize_per_tensor(T([1e-3, 1.]), 1e-3, 0, torch.qint32)",
    "torch.quantize_per_channel(torch.ones(2, 2), T([0.5, 0.25], dtype=torch.float64), T([0, 1]), 0, torch.quint8)",
    "torch.quantize_per_channel(torch.arange(6.).reshape(2, 3), T([0.1, 0.2, 0.3], dtype=torch.float64),"
    " T([0, -1, 2]), 1, torch.qint8)",
    "torch.quantize_per_channel(torch.arange(6.).reshape(2, 3), T([0.1, 0.2, 0.3], dtype=torch.float64),"
    " T([0, 1, 2]), 1, torch.quint8).t()",
    # lazy: printed from the CPU value, with device=
    "torch.ones(2).to('lazy')",
    "torch.ones(2).to('lazy') + 1",
    "torch.arange(6).reshape(2, 3).to('lazy')",
    "torch.zeros(0, 2).to('lazy')",
    "torch.arange(30.).to('lazy') / 3",
    "torch.arange(2000).to('lazy')",
    "torch.ones(2, requires_grad=True).to('lazy')",
    # autograd: grad_fn=<Name>, requires_grad=True
    "torch.ones(2, requires_grad=True)",
    "torch.ones(2, requires_grad=True) * 2",
    "torch.ones(2, 3, requires_grad=True).sum()",
    "torch.ones(2, 3, requires_grad=True).t()",
    "torch.ones(2, 3, requires_grad=True).narrow(1, 0, 2)",
    "torch.ones(2, 3, requires_grad=True).exp()",
    "torch.ones(2, 3, requires_grad=True).reshape(3, 2)",
    "torch.ones(2, 3, requires_grad=True).detach()",
    "torch.full((2,), 1.5, dtype=torch.float64, requires_grad=True)",
    "torch.zeros(0, requires_grad=True)",
    "torch.zeros(0, 2, dtype=torch.float64, requires_grad=True)",
    "torch.arange(30., requires_grad=True) * 1",
    "torch.full((3, 12), 1.5, dtype=torch.float64, requires_grad=True)",
    "torch.arange(2000., requires_grad=True).reshape(40, 50) + 0",
    "torch.ones((), requires_grad=True) + 1",
    # str() is repr(); tensor_contents replaces the elements
    "str(torch.arange(3))",
    "str(torch.ones(2, requires_grad=True) * 2)",
    "torch.arange(3.).__repr__(tensor_contents='[...]')",
    "(torch.ones(2, requires_grad=True) * 2).__repr__(tensor_contents='[0, 1]')",
    "torch.zeros(0, 3).__repr__(tensor_contents='x\\ny')",
    "(torch.ones(2, requires_grad=True) * 2).__repr__(tensor_contents='\u00e9' * 40)",
    "(torch.ones(2, requires_grad=True) * 2).__repr__(tensor_contents='\u00e9' * 50)",
    "ascii(torch.arange(2.).__repr__(tensor_contents='a\\udc80\\x00b'))",
    "torch.arange(2.).__repr__(tensor_contents=1)",
    "repr([torch.arange(2), torch.ones(1)])",
    "'%s and %r' % (torch.arange(2), torch.zeros(1))",
    # format: a 0-dim tensor formats as its item, others as str() with an empty spec
    "format(T(2.5), '.3f')",
    "'{:>6}|{:.2e}'.format(T(7), T(1234.5))",
    "'{}'.format(T(True))",
    "format(T([1., 2.]))",
    "format(T([1., 2.]), '.2f')",
    "f'{torch.ones(1, 1)}'",
    # a subclass prints its own name
    "NEEDS(hasattr(torch.Tensor, 'as_subclass')) class Sub(torch.Tensor): pass\n"
    "torch.arange(3.).as_subclass(Sub)",
    # a view made in no_grad mode whose base was modified in place: its grad_fn raises
    "NEEDS(hasattr(torch, 'no_grad')) base = torch.ones(4, requires_grad=True) * 1\n"
    "with torch.no_grad():\n"
    "    v = base.narrow(0, 0, 2)\n"
    "base.mul_(2)\n"
    "v",
]

_NEEDS = re.compile(r"NEEDS\((.*?)\) ")


def make_T(torch):
    """T(data, dtype=None): torch.tensor(data, dtype=dtype), or, for a
    minaten without torch.tensor yet, the same tensor from torch.full and
    torch.cat (each value converted to the dtype as torch.tensor does)."""
    if hasattr(torch, "tensor"):
        return lambda data, dtype=None: torch.tensor(data, dtype=dtype)

    def T(data, dtype=None):
        flat, shape = [], []

        def walk(x, depth):
            if isinstance(x, (list, tuple)):
                if len(shape) <= depth:
                    shape.append(len(x))
                for y in x:
                    walk(y, depth + 1)
            else:
                flat.append(x)

        walk(data, 0)
        if dtype is None:
            if any(isinstance(v, float) for v in flat) or not flat:
                dtype = torch.float32
            elif all(isinstance(v, bool) for v in flat):
                dtype = torch.bool
            else:
                dtype = torch.int64
        if not isinstance(data, (list, tuple)):
            return torch.full((), data, dtype=dtype)
        if not flat:
            return torch.zeros(shape, dtype=dtype)
        return torch.cat([torch.full((1,), v, dtype=dtype) for v in flat]).reshape(shape)

    return T


def exception_line(e):
    message = str(e).strip()
    return "%s: %s" % (type(e).__name__, message.splitlines()[0] if message else "")


def run_case(source, torch, is_minaten):
    """The lines of one case: its header (the source as a doctest shows
    it), then the value's text.  None when skipped (NEEDS)."""
    match = _NEEDS.match(source)
    if match:
        if is_minaten and not eval(match.group(1), {"torch": torch}):
            return None
        source = source[match.end():]
    lines = source.split("\n")
    header = [">>> " + lines[0]] + ["... " + line for line in lines[1:]]
    namespace = {"torch": torch, "T": make_T(torch), "__name__": "__case__"}
    *body, last = lines
    try:
        if body:
            exec(compile("\n".join(body), "<case>", "exec"), namespace)
        value = eval(compile(last, "<case>", "eval"), namespace)
        text = repr(value) if isinstance(value, torch.Tensor) else str(value)
    except Exception as e:
        text = exception_line(e)
    return header + text.split("\n")


def run_cases(torch, is_minaten):
    """All lines, and how many cases were skipped."""
    out, skipped = [], 0
    for source in CASES:
        lines = run_case(source, torch, is_minaten)
        if lines is None:
            skipped += 1
        else:
            out.extend(lines)
    return out, skipped


def trace_lines(torch):
    """Printing under the dispatch trace prints no `op` line: a lazy tensor
    (its graph runs), a quantized per-channel one (dequantize, its scales)
    and an autograd result.  minaten's trace is torch._C._set_dispatch_trace
    (the runner's trace_on()); a minaten without it skips this.  Returns
    the lines that differ from the expected ones, or None when skipped."""
    if not hasattr(torch._C, "_set_dispatch_trace"):
        return None
    tensors = [torch.ones(2).to("lazy") + 1,
               torch.quantize_per_channel(torch.ones(2, 2), torch.full((2,), 0.5, dtype=torch.float64),
                                          torch.zeros(2, dtype=torch.int64), 0, torch.quint8),
               torch.ones(2, requires_grad=True) * 2]
    expected = [repr(t) for t in tensors]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        torch._C._set_dispatch_trace(True)
        try:
            for t in tensors:
                print(t)
        finally:
            torch._C._set_dispatch_trace(False)
    got = out.getvalue().rstrip("\n").split("\n")
    want = "\n".join(expected).split("\n")
    return [] if got == want else list(difflib.unified_diff(want, got, "expected", "traced", lineterm=""))


def import_torch():
    """PyTorch 1.13 with its Lazy backend ready, or None (recorded.py)."""
    torch = recorded.import_torch()
    if torch is not None:
        import torch._lazy.ts_backend
        torch._lazy.ts_backend.init()
    return torch


def read_expected():
    with open(EXPECTED) as f:
        lines = f.read().split("\n")
    return [line for line in lines[:-1] if not line.startswith("# recorded")]


def record():
    torch = import_torch()
    if torch is None:
        sys.exit("--record needs PyTorch 1.13 (Debian's /usr/bin/python3 with python3-torch)")
    lines, _ = run_cases(torch, False)
    with open(EXPECTED, "w") as f:
        f.write("# recorded from PyTorch 1.13 by `/usr/bin/python3 tests/python/test_tensor_str.py --record`;"
                " do not edit\n")
        f.write("\n".join(lines) + "\n")
    print("wrote %s (%d cases)" % (EXPECTED, len(CASES)))


def skip_unrun(expected, ours):
    """expected without the cases minaten skipped (their headers are not in ours)."""
    ran = {line for line in ours if line.startswith(">>> ")}
    out, keep = [], True
    for line in expected:
        if line.startswith(">>> "):
            keep = line in ran
        if keep:
            out.append(line)
    return out


def compare(name, expected, ours):
    if expected == ours:
        return True
    print("minaten differs from %s:" % name)
    for line in difflib.unified_diff(expected, ours, name, "minaten", lineterm=""):
        print(line)
    return False


def main(argv):
    if "--record" in argv:
        record()
        return 0
    sys.setrecursionlimit(10000)
    import minaten
    ours, skipped = run_cases(minaten, True)
    if "--show" in argv:
        print("\n".join(ours))
        return 0
    ok = True
    torch = import_torch()
    if torch is not None:
        theirs, _ = run_cases(torch, False)
        ok = compare("pytorch", skip_unrun(theirs, ours), ours) and ok
        if read_expected() != theirs:
            print("test_tensor_str.expected is not what PyTorch prints: record it again (--record)")
            ok = False
    else:
        ok = compare("test_tensor_str.expected", skip_unrun(read_expected(), ours), ours) and ok
    traced = trace_lines(minaten)
    if traced:
        print("printing showed in the dispatch trace:")
        print("\n".join(traced))
        ok = False
    print("%d cases, %d skipped (NEEDS), trace check %s, against %s: %s"
          % (len(CASES), skipped, "skipped" if traced is None else "run",
             "PyTorch 1.13" if torch is not None else "the recording", "ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
