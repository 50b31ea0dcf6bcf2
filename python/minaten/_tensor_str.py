"""minaten._tensor_str - the printing options of repr(tensor).

PyTorch 1.13 prints tensors in Python (torch/_tensor_str.py); minaten
prints them in C (csrc/utils/tensor_str.c), which keeps the options.  This
module keeps 1.13's Python face of them: PRINT_OPTS (its fields read and
write the C options) and set_printoptions with its profiles.

PyTorch 1.13: torch/_tensor_str.py (__PrinterOptions, PRINT_OPTS,
set_printoptions)
"""
import math

from minaten import _C

_FIELDS = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")


class __PrinterOptions(object):
    """1.13's PRINT_OPTS: precision 4, threshold 1000, edgeitems 3,
    linewidth 80, sci_mode None, held by csrc/utils/tensor_str.c."""

    def __getattr__(self, name):
        if name in _FIELDS:
            value = _C._get_printoptions()[_FIELDS.index(name)]
            if name == "threshold" and math.isfinite(value) and value == int(value):
                value = int(value)  # C keeps a double; 1.13's default is the int 1000
            return value
        raise AttributeError(name)

    def __setattr__(self, name, value):
        if name not in _FIELDS:
            return object.__setattr__(self, name, value)
        options = list(_C._get_printoptions())
        options[_FIELDS.index(name)] = value
        _C._set_printoptions(*options)


PRINT_OPTS = __PrinterOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None):
    r"""Set options for printing, as 1.13's torch.set_printoptions: a profile
    ("default", "short" or "full") first, then each option given; sci_mode
    is set every time (None lets the formatter decide)."""
    if profile is not None:
        if profile == "default":
            PRINT_OPTS.precision = 4
            PRINT_OPTS.threshold = 1000
            PRINT_OPTS.edgeitems = 3
            PRINT_OPTS.linewidth = 80
        elif profile == "short":
            PRINT_OPTS.precision = 2
            PRINT_OPTS.threshold = 1000
            PRINT_OPTS.edgeitems = 2
            PRINT_OPTS.linewidth = 80
        elif profile == "full":
            PRINT_OPTS.precision = 4
            PRINT_OPTS.threshold = math.inf
            PRINT_OPTS.edgeitems = 3
            PRINT_OPTS.linewidth = 80

    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode
