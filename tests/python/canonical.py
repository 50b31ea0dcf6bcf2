"""A stand-in for tensor printing, shared by the tests of tests/python that
run the same statements under PyTorch 1.13 and minaten in one process:
every tensor prints as `T([2, 3], torch.float32, [0.0, 1.0, ...])`, its
values read with unbind(0) and item() (operators both have), floats
rounded to 4 decimals.  It is installed as Tensor.__repr__ / __str__ of
both modules, so that print() and containers (lists, named tuples) of
tensors compare as text.  (minaten prints tensors as 1.13 does once
csrc/'s printing lands; these tests do not depend on it.)
"""


def _number(v):
    if isinstance(v, float):
        if v != v:
            return "nan"
        return repr(round(v, 4) + 0.0)
    return repr(v)


def canonical(t):
    try:
        if t.dim() == 0:
            values = _number(t.item())
        else:
            flat = t.reshape(-1)
            values = "[" + ", ".join(_number(e.item()) for e in flat.unbind(0)) + "]"
    except Exception as e:  # a tensor whose values cannot be read this way (lazy, quantized)
        values = "<%s>" % type(e).__name__
    return "T(%s, %s, %s)" % (list(t.shape), t.dtype, values)


def install(module):
    module.Tensor.__repr__ = canonical
    module.Tensor.__str__ = canonical
