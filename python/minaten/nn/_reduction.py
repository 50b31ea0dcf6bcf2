"""torch.nn._reduction: a loss's reduction argument as the enum of
at::Reduction (none 0, mean 1, sum 2), and the legacy size_average/reduce
pair turned into a reduction string, with 1.13's deprecation warning.

PyTorch 1.13: torch/nn/_reduction.py
"""
import warnings
from typing import Optional


def get_enum(reduction: str) -> int:
    """PyTorch 1.13: torch/nn/_reduction.py get_enum"""
    if reduction == 'none':
        ret = 0
    elif reduction == 'mean':
        ret = 1
    elif reduction == 'elementwise_mean':
        warnings.warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.")
        ret = 1
    elif reduction == 'sum':
        ret = 2
    else:
        raise ValueError("{} is not a valid value for reduction".format(reduction))
    return ret


def legacy_get_string(size_average: Optional[bool], reduce: Optional[bool], emit_warning: bool = True) -> str:
    """PyTorch 1.13: torch/nn/_reduction.py legacy_get_string"""
    warning = "size_average and reduce args will be deprecated, please use reduction='{}' instead."
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = 'mean'
    elif reduce:
        ret = 'sum'
    else:
        ret = 'none'
    if emit_warning:
        warnings.warn(warning.format(ret))
    return ret


def legacy_get_enum(size_average: Optional[bool], reduce: Optional[bool], emit_warning: bool = True) -> int:
    """PyTorch 1.13: torch/nn/_reduction.py legacy_get_enum"""
    return get_enum(legacy_get_string(size_average, reduce, emit_warning))
